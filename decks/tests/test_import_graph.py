"""The architecture, as the imports show it: engine/ is plain Python that knows nothing of the web app,
and decks/ has no import circle (a module imported inside a function counts too)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module name an import statement in the file names, at any depth, relative ones resolved."""
    package = _module(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package[: len(package) - node.level + 1]
                base = ".".join([*anchor, node.module] if node.module else anchor)
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _sources(folder: str) -> list[Path]:
    return [
        p for p in (ROOT / folder).rglob("*.py") if "tests" not in p.parts and "migrations" not in p.parts
    ]


def test_the_engine_imports_nothing_of_the_web_app() -> None:
    web = ("decks", "tcgsite", "django", "celery", "ninja", "django_htmx")
    offenders = {
        _module(path): sorted(name for name in _imports(path) if name.split(".")[0] in web)
        for path in _sources("engine")
    }
    assert {m: names for m, names in offenders.items() if names} == {}


def test_decks_has_no_import_circle() -> None:
    modules = {_module(p): p for p in _sources("decks")}
    graph = {
        name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()
    }
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as e:
        raise AssertionError(f"an import circle: {' -> '.join(e.args[1])}") from None
