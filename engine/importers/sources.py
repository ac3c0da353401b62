"""Each game's card source, read: a file (or folder) in the source's format, or the publisher's own list
fetched over the network. The one place that knows which parser reads which game's source."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.importers.dbsfw import parse_community_json, parse_detail_pages
from engine.importers.fftcg import (
    is_card_browser,
    is_fftcg_data,
    parse_card_browser,
    parse_fftcg_data,
    parse_official,
)
from engine.importers.project import parse_project_csv, parse_project_json
from engine.importers.records import ParseResult


def read_file(game: str, path: Path, lang: str = "en") -> ParseResult:
    """Parse a card file (or a directory of DBS FW pages or JSON files) for `game`.

    FFTCG: the official card browser's JSON, or a community list in English: CMattiske's
    fftcg-card-browser `db.json`, or Richiealvian2's fftcg-data card files (one file, or a folder with
    the opus folders under it). DBS FW: detail pages (`FB01-001.html`, `FB01-001_p1.html`: the file
    name is the printing) or community JSON files, in a directory or one file. GBF and Fire Force: our
    own schema (README.md beside this file), `.csv` or JSON. Raises OSError, UnicodeDecodeError or
    ValueError (with the reason) for a file it cannot read; KeyError for a game it does not know.
    """
    if game == "dbsfw":
        return _read_dbsfw(path, lang)
    if game == "fftcg":
        return _read_fftcg(path, lang)
    if game in ("gbf", "fireforce"):
        if path.suffix.lower() == ".csv":
            return parse_project_csv(path.read_text(encoding="utf-8-sig"), game, lang)
        return parse_project_json(_load_json(path), game, lang)
    raise KeyError(game)


def fetch_list(
    game: str,
    cache: Path,
    lang: str,
    fetcher: Any,
    series: list[str] | None = None,
    refresh: bool = False,
) -> ParseResult | None:
    """The publisher's own card list (FFTCG, DBS FW), fetched with `fetcher` (engine.importers.fetch)
    into `cache`; None for a game whose publisher has none."""
    from engine.importers import fetch  # the network module, loaded only to fetch

    if game == "fftcg":
        return parse_official(fetch.fetch_fftcg(cache, lang, fetcher, refresh=refresh), lang)
    if game == "dbsfw":
        return parse_detail_pages(
            fetch.fetch_dbsfw(cache, lang, fetcher, series=series, refresh=refresh), lang
        )
    return None


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as e:
        raise ValueError(f"not valid JSON ({e})") from e


def _read_dbsfw(path: Path, lang: str) -> ParseResult:
    files = sorted(path.iterdir()) if path.is_dir() else [path]
    pages = [f for f in files if f.suffix.lower() in (".html", ".htm")]
    if pages:
        return parse_detail_pages(
            [(f.stem, f.read_text(encoding="utf-8", errors="replace")) for f in pages], lang
        )
    records: list[tuple[str, Any]] = []
    for f in files:
        if f.suffix.lower() != ".json":
            continue
        data = _load_json(f)
        records += [(f.name, r) for r in data] if isinstance(data, list) else [(f.name, data)]
    if not records:
        raise ValueError("no detail pages (.html) or card JSON files (.json) found")
    return parse_community_json(records, lang)


def _read_fftcg(path: Path, lang: str) -> ParseResult:
    """The official list, or a community list in English, told apart by their fields."""
    if path.is_dir():
        files = sorted(path.rglob("*.json"))
        if not files:
            raise ValueError("no card JSON files (.json) found")
        return _english_only(lang, "fftcg-data", parse_fftcg_data((f.name, _load_json(f)) for f in files))
    data = _load_json(path)
    if is_card_browser(data):
        return _english_only(lang, "The card browser's db.json", parse_card_browser(data))
    if is_fftcg_data(data):
        records = data if isinstance(data, list) else [data]
        return _english_only(lang, "fftcg-data", parse_fftcg_data((path.name, r) for r in records))
    return parse_official(data, lang)


def _english_only(lang: str, source: str, parsed: ParseResult) -> ParseResult:
    if lang != "en":
        raise ValueError(f"{source} holds English text only; import it with --lang en.")
    return parsed
