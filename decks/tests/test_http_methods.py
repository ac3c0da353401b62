"""Every page answers only the methods it means: a method it does not take gets 405, never a page or a
write. (A form posts; a page, a partial or a file is read with GET or HEAD.)"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern

from decks import urls
from decks.api.auth import create_token
from decks.goldfish import runs
from decks.models import Card, Deck, PlayedGame, TuningRun
from engine.advice import tune


@pytest.fixture
def owner_and_paths(alice) -> tuple[Client, dict[str, str]]:
    call_command("loadsamples", verbosity=0)
    alice.is_staff = True  # the maintainers' pages too
    alice.save()
    deck = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    deck.owner = alice
    deck.save()
    run = runs.enqueue_run(deck, games=10, goings=("first",), seed=1)
    played = PlayedGame.objects.create(deck=deck, result="win")
    tuning = TuningRun.objects.create(
        deck=deck, deck_snapshot={}, variants=1, settings=tune.Settings().to_dict()
    )
    token, _ = create_token(alice)
    client = Client()
    client.force_login(alice)
    values = {
        "share_id": deck.share_id,
        "game_id": "fftcg",
        "number": Card.objects.filter(game_id="fftcg").first().number,
        "run_id": str(run.pk),
        "version": "1",
        "token_id": str(token.pk),
        "played_id": str(played.pk),
        "tuning_id": str(tuning.pk),
    }
    return client, values


def _path(pattern: URLPattern, values: dict[str, str]) -> str:
    path = str(pattern.pattern)
    for name, value in values.items():
        path = path.replace(f"<str:{name}>", value).replace(f"<int:{name}>", value)
    return "/" + path


@pytest.mark.parametrize("pattern", urls.urlpatterns, ids=lambda p: p.name)
def test_a_method_a_page_does_not_take_gets_405(pattern, owner_and_paths, settings) -> None:
    settings.RATE_LIMITS = {}
    client, values = owner_and_paths
    for method in ("PUT", "DELETE", "PATCH"):
        response = client.generic(method, _path(pattern, values))
        assert response.status_code == 405, (method, response.status_code)
