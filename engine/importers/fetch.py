"""The network side of `import_cards --official`: polite, resumable downloads with urllib.

The only module of `engine.importers` that does I/O; the parsers never import it and tests never call
it. Everything fetched is kept under a cache directory (the command uses `var/import/`, which git
ignores), so an interrupted run picks up where it stopped and parsing can be redone offline. One
request at a time, at least `delay` seconds apart, with a User-Agent that says what we are.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

USER_AGENT = "tcg-deckbuilder-card-import/1.0 (one user's local card database; about 1 request/s)"

FFTCG_BROWSER = "https://fftcg.square-enix-games.com/{site}/card-browser"
FFTCG_GET_CARDS = "https://fftcg.square-enix-games.com/{site}/get-cards"
FFTCG_QUERY = {
    "language": "",
    "text": "",
    "type": [],
    "element": [],
    "cost": [],
    "rarity": [],
    "power": [],
    "category_1": [],
    "set": [],
    "multicard": "",
    "ex_burst": "",
    "code": "",
    "special": "",
    "exactmatch": 0,
}

DBSFW_LIST = "https://www.dbs-cardgame.com/fw/{lang}/cardlist/"
DBSFW_DETAIL = "https://www.dbs-cardgame.com/fw/{lang}/cardlist/detail.php"
_DETAIL_LINK = re.compile(r"detail\.php\?card_no=([A-Za-z0-9-]+)(?:&(?:amp;)?p=(_p\d+))?")
_SERIES_OPTION = re.compile(r'<option[^>]*value="(\d{6})"')

Log = Callable[[str], None]


class Fetcher:
    """GET and POST with a cookie jar, a pause between requests and a few retries on failure."""

    def __init__(self, delay: float = 1.0, retries: int = 3, log: Log = print) -> None:
        self.delay = delay
        self.retries = retries
        self.log = log
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        self._last = 0.0

    def get(self, url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> bytes:
        for attempt in range(1, self.retries + 1):
            wait = self._last + self.delay - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            request = urllib.request.Request(
                url, data=data, headers={"User-Agent": USER_AGENT, **(headers or {})}
            )
            try:
                with self._opener.open(request, timeout=60) as response:
                    return response.read()
            except (urllib.error.URLError, TimeoutError) as e:
                if isinstance(e, urllib.error.HTTPError) and e.code < 500 and e.code != 429:
                    raise
                if attempt == self.retries:
                    raise
                self.log(f"{url}: {e}; retrying ({attempt}/{self.retries - 1})")
                time.sleep(self.delay * 2**attempt)
            finally:
                self._last = time.monotonic()
        raise AssertionError("unreachable")


def fetch_fftcg(cache_dir: Path, lang: str, fetcher: Fetcher, refresh: bool = False) -> Any:
    """The whole card list from `get-cards` as decoded JSON, cached in `cache_dir/fftcg-{lang}.json`."""
    path = cache_dir / f"fftcg-{lang}.json"
    if path.exists() and not refresh:
        fetcher.log(f"Using {path} (fetched earlier; --refresh fetches again).")
        return json.loads(path.read_text(encoding="utf-8"))
    site = "en"  # the English site serves every language; the body's "language" picks the text
    fetcher.log(f"Fetching the FFTCG card list ({lang}) ...")
    fetcher.get(FFTCG_BROWSER.format(site=site))  # sets the session cookie the endpoint expects
    body = json.dumps({**FFTCG_QUERY, "language": lang}).encode()
    raw = fetcher.get(
        FFTCG_GET_CARDS.format(site=site),
        data=body,
        headers={"Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest"},
    )
    data = json.loads(raw)
    cache_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return data


def fetch_dbsfw(
    cache_dir: Path, lang: str, fetcher: Fetcher, series: list[str] | None = None, refresh: bool = False
) -> list[tuple[str, str]]:
    """Every detail page of the official card list, as `(printing, html)`, resumable.

    The list of printings is read from each series' list page (series ids from the page's drop-down
    unless given) and kept in `progress.json` with the printings already fetched; each page is saved
    as `pages/{printing}.html` as soon as it arrives, so a second run fetches only what is missing.
    """
    site_lang = {"en": "en", "ja": "jp"}[lang]
    root = cache_dir / f"dbsfw-{site_lang}"
    pages = root / "pages"
    pages.mkdir(parents=True, exist_ok=True)
    progress_path = root / "progress.json"
    progress = {} if refresh or not progress_path.exists() else json.loads(progress_path.read_text())

    printings: list[str] = progress.get("printings", [])
    if not printings:
        list_url = DBSFW_LIST.format(lang=site_lang)
        if not series:
            index = fetcher.get(list_url).decode("utf-8", "replace")
            series = sorted(set(_SERIES_OPTION.findall(index)))
            fetcher.log(f"{len(series)} series in the card list.")
        for n, series_id in enumerate(series, start=1):
            query = urlencode({"search": "true", "category[]": series_id})
            listing = fetcher.get(f"{list_url}?{query}").decode("utf-8", "replace")
            found = [no.upper() + (p or "") for no, p in _DETAIL_LINK.findall(listing)]
            printings += [p for p in dict.fromkeys(found) if p not in printings]
            fetcher.log(f"series {n}/{len(series)} ({series_id}): {len(found)} printings")
        progress = {"printings": printings}
        progress_path.write_text(json.dumps(progress, indent=1))

    missing = [p for p in printings if refresh or not (pages / f"{p}.html").exists()]
    fetcher.log(f"{len(printings)} printings, {len(printings) - len(missing)} already fetched.")
    for n, printing in enumerate(missing, start=1):
        number, _, parallel = printing.partition("_")
        params = {"card_no": number} | ({"p": f"_{parallel}"} if parallel else {})
        document = fetcher.get(f"{DBSFW_DETAIL.format(lang=site_lang)}?{urlencode(params)}")
        (pages / f"{printing}.html").write_bytes(document)
        if n % 50 == 0 or n == len(missing):
            fetcher.log(f"fetched {n}/{len(missing)} detail pages")
    return [(p, (pages / f"{p}.html").read_text(encoding="utf-8", errors="replace")) for p in printings]
