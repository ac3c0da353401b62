"""The visual deck list: the deck as card faces, by section and card type, with counts (issue 16)."""

import re

import pytest
from django.test import Client

from decks.models import Deck


def sample(game: str) -> Deck:
    return Deck.objects.get(game_id=game, owner__isnull=True, session_key="")


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_every_card_of_the_sample_deck_shows_its_face_and_copies(samples, client: Client, game) -> None:
    deck = sample(game)
    html = client.get(f"/d/{deck.share_id}/visual/").content.decode()
    for entry in deck.entries.select_related("card"):
        card = entry.card
        assert f'aria-label="{card.name} ({card.number})"' in html
        assert f'href="/cards/{game}/{card.number}/"' in html
    counts = [int(c) for c in re.findall(r'class="face-count"[^>]*>×(\d+)<', html)]
    assert sorted(counts) == sorted(e.count for e in deck.entries.all())
    assert 'aria-current="page">Visual</a>' in html


def test_sections_and_types_are_headed_with_their_totals(samples, client: Client) -> None:
    deck = sample("fftcg")
    html = client.get(f"/d/{deck.share_id}/visual/").content.decode()
    by_type: dict[tuple[str, str], int] = {}
    for e in deck.entries.select_related("card"):
        by_type[e.section, e.card.type] = by_type.get((e.section, e.card.type), 0) + e.count
    main = sum(n for (s, _), n in by_type.items() if s == "main")
    lb = sum(n for (s, _), n in by_type.items() if s == "lb")
    assert re.search(rf'<h2 id="visual-1">Main deck <span class="hint">\({main}\)</span></h2>', html)
    lb_heading = rf'<h2 id="visual-2">[^<]*Limit Break[^<]* <span class="hint">\({lb}\)</span></h2>'
    assert re.search(lb_heading, html)
    forwards = by_type["main", "forward"]
    assert f'<h3>Forward <span class="hint">({forwards})</span></h3>' in html
    # types in alphabetical order within a section: Backup before Forward
    assert html.index("<h3>Backup ") < html.index("<h3>Forward ")
