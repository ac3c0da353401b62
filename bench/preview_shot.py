"""A deck link's preview as a chat client shows it, drawn from the tags a bot reads: docs/link-preview.png.

    python bench/preview_shot.py [--out docs/link-preview.png]

Discord cannot run here, so this does what its link fetcher does and draws the result the way Discord
lays out an embed: it builds a throwaway database (a fresh SQLite file under var/bench/, or
`tcgsite_preview_shot` on the PostgreSQL server DATABASE_URL names) with the sample cards, makes a public
copy of the FFTCG sample deck and plays a real goldfish run of it (so the description carries its kill
turn), then fetches the deck page as a bot does (no cookies, a bot's User-Agent), reads its og: and
twitter: tags with an HTML parser, fetches the og:image those tags name, and lays the title, description,
site name and picture out as a Discord embed under a message holding the link, in headless Chromium.
Nothing in the picture is typed in by hand: every word and the image come from the tags.
"""

from __future__ import annotations

import argparse
import base64
import html
import os
import random
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pages_bench import configure_environment  # noqa: E402 (after the path above)

from bin.headless import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

BOT_AGENT = "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"


class PreviewTags(HTMLParser):
    """The og: and twitter: <meta> tags of a page, as a link fetcher reads them (the first of each)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        key = found.get("property") or found.get("name") or ""
        if tag == "meta" and key.startswith(("og:", "twitter:")) and found.get("content") is not None:
            self.tags.setdefault(key, found["content"] or "")


def embed_page(link: str, tags: dict[str, str], image: bytes) -> str:
    """A Discord-like message holding `link` and the embed its tags make (Discord's dark theme: message
    text, a blurple link, the embed's card with its left bar, site name, title link, description and
    large image, at Discord's sizes)."""
    e = {key: html.escape(value) for key, value in tags.items()}
    picture = "data:image/png;base64," + base64.b64encode(image).decode()
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
  body {{ margin: 0; background: #313338; font-family: "gg sans", "Noto Sans", "DejaVu Sans", sans-serif; }}
  .message {{ display: flex; gap: 16px; padding: 16px 24px 20px 16px; width: 620px; }}
  .avatar {{ width: 40px; height: 40px; border-radius: 50%; background: #5865f2; flex: none;
             color: white; font-weight: 700; display: grid; place-items: center; }}
  .author {{ color: #f2f3f5; font-weight: 600; font-size: 16px; }}
  .time {{ color: #949ba4; font-size: 12px; margin-left: 6px; font-weight: 400; }}
  .text a {{ color: #00a8fc; font-size: 16px; text-decoration: none; }}
  .embed {{ margin-top: 6px; max-width: 432px; background: #2b2d31; border-left: 4px solid #1e1f22;
            border-radius: 4px; padding: 8px 16px 16px 12px; }}
  .site {{ color: #b5bac1; font-size: 12px; margin-top: 8px; }}
  .title {{ color: #00a8fc; font-size: 16px; font-weight: 600; margin-top: 8px; display: block;
            text-decoration: none; }}
  .description {{ color: #dbdee1; font-size: 14px; line-height: 18px; margin-top: 8px; }}
  .image {{ display: block; margin-top: 16px; max-width: 400px; border-radius: 4px; }}
</style></head><body>
  <div class="message" id="message">
    <div class="avatar">P</div>
    <div>
      <div class="author">player<span class="time">Today at 18:04</span></div>
      <div class="text"><a href="{html.escape(link)}">{html.escape(link)}</a></div>
      <div class="embed">
        <div class="site">{e.get("og:site_name", "")}</div>
        <a class="title" href="{e.get("og:url", "")}">{e.get("og:title") or e.get("twitter:title", "")}</a>
        <div class="description">{e.get("og:description") or e.get("twitter:description", "")}</div>
        <img class="image" src="{picture}" alt="{e.get("og:image:alt", "")}">
      </div>
    </div>
  </div>
</body></html>"""


def public_deck_with_a_run() -> str:
    """A public copy of the FFTCG sample deck with a finished goldfish run; its share id."""
    from django.core.management import call_command

    from decks.builder import services
    from decks.goldfish import runs
    from decks.models import Deck, SimulationChunk

    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True, session_key="")
    deck = services.fork_deck(sample, owner_id=None, session_key="preview-shot")
    services.update_details(deck, name="Wind tempo", description="", visibility="public", format=deck.format)
    run = runs.enqueue_run(deck, games=500, seed=2026)
    for chunk in SimulationChunk.objects.filter(run=run).order_by("index"):
        runs.run_chunk(chunk.pk)  # played here: no worker is needed for one small run
    return deck.share_id


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", default=str(ROOT / "docs" / "link-preview.png"))
    args = parser.parse_args()
    configure_environment(database="tcgsite_preview_shot")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECRET_KEY", f"bench-only-{random.getrandbits(128):x}")
    os.environ["CELERY_BROKER_URL"] = "memory://"  # the run's chunks are played in this process
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    share_id = public_deck_with_a_run()
    bot = Client(HTTP_USER_AGENT=BOT_AGENT)  # no cookies, no session: what a link fetcher sends
    page = bot.get(f"/d/{share_id}/", secure=True)
    assert page.status_code == 200, page.status_code
    reader = PreviewTags()
    reader.feed(page.content.decode())
    tags = reader.tags
    origin = "https://testserver"
    image = bot.get(tags["og:image"].removeprefix(origin), secure=True)
    assert image.status_code == 200 and image["Content-Type"] == "image/png", image.status_code
    for key, value in sorted(tags.items()):
        print(f"{key}: {value}")

    from playwright.sync_api import sync_playwright

    link = f"https://decks.example/d/{share_id}/"  # the address as a player pastes it
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        page_file = Path(folder) / "embed.html"
        page_file.write_text(embed_page(link, tags, image.content), encoding="utf-8")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            shot = browser.new_page(viewport={"width": 660, "height": 700}, device_scale_factor=2)
            shot.goto(page_file.as_uri())
            shot.locator("#message").screenshot(path=args.out)
        finally:
            browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
