"""Every rules citation in the code resolves in the repository: a `§n` or `OQ-n` names a section or an
open question of the game's page in docs/rules/, so a reader of the code alone can follow it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
CITATION = re.compile(r"§(\d+(?:\.\d+)*)|\bOQ-(\d+)\b|\b(R\d+)\b(?= and OQ-)")
PAGE = re.compile(r"docs/rules/(\w+)\.md")


def _sources() -> list[Path]:
    found = []
    for folder in ("engine", "decks", "tcgsite", "templates", "tests"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".html") and "migrations" not in path.parts and path != Path(__file__):
                found.append(path)
    return found


def _page_of(path: Path, text: str) -> str:
    """The game page a file cites: the one it names, else the game its name says; README (every page)
    otherwise."""
    named = set(PAGE.findall(text)) - {"README"}
    if len(named) == 1:
        return named.pop()
    in_name = [game for game in engine.GAMES if game in path.stem]
    return in_name[0] if len(in_name) == 1 else "README"


def _anchors(page: str) -> set[str]:
    """The sections (`§7.3`, from headings) and open questions (`OQ-4`, `R10`, from bold items) of a page."""
    text = (DOCS / f"{page}.md").read_text(encoding="utf-8")
    sections = {f"§{n}" for n in re.findall(r"^#+ §(\d+(?:\.\d+)*)", text, re.M)}
    items = set(re.findall(r"\*\*((?:OQ-|R)\d+)\*\*", text))
    return sections | items


def _citations() -> list[tuple[str, str, str]]:
    cited = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        page = _page_of(path, text)
        for match in CITATION.finditer(text):
            section, question, rule = match.groups()
            name = f"§{section}" if section else f"OQ-{question}" if question else rule
            cited.append((str(path.relative_to(ROOT)), page, name))
    return cited


def test_the_code_cites_the_rules_pages() -> None:
    pages = {page for _, page, _ in _citations()}
    assert pages >= set(engine.GAMES)  # every game's code cites its page


@pytest.mark.parametrize("page", engine.GAMES)
def test_every_citation_resolves_on_its_page(page: str) -> None:
    anchors = _anchors(page)
    unresolved = sorted({(f, name) for f, p, name in _citations() if p == page and name not in anchors})
    assert unresolved == [], f"not in docs/rules/{page}.md"


@pytest.mark.parametrize("page", engine.GAMES)
def test_a_citation_for_every_game_resolves_on_each_page(page: str) -> None:
    """Code shared by the games (engine/goldfish/base.py, engine/validation.py, ...) cites the section
    that every page has under the same number."""
    anchors = _anchors(page)
    unresolved = sorted({(f, name) for f, p, name in _citations() if p == "README" and name not in anchors})
    assert unresolved == [], f"not in docs/rules/{page}.md"
