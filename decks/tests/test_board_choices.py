"""What the player chooses on the board pages where the seeds let them (issue 38 item 9): the order of the
cards a mulligan (FFTCG 8.2.1.4) or a redraw (GBF 5-2-1-5-1) puts under the deck, a party attack (FFTCG
15.1.1.9), what the Fire Force Flame cap puts in Adolla (1303.1); and why the FFTCG board offers no Summon on
the opponent's turn."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from decks.models import Deck


@pytest.fixture
def samples(db) -> dict[str, Deck]:
    call_command("loadsamples", verbosity=0)
    return {d.game_id: d for d in Deck.objects.filter(owner__isnull=True)}


def act(client: Client, deck: Deck, **data: object) -> str:
    return client.post(f"/d/{deck.share_id}/board/", data, headers={"HX-Request": "true"}).content.decode()


def board_of(client: Client, deck: Deck) -> dict:
    return client.session[f"board:{deck.pk}"]["board"]


def test_the_fftcg_mulligan_puts_the_hand_under_the_deck_in_the_players_order(samples) -> None:
    deck, visitor = samples["fftcg"], Client()
    html = act(visitor, deck, action="new", seed=3, going="first")
    assert "Mulligan in this order" in html and 'name="bottom-4"' in html
    hand = board_of(visitor, deck)["hand"]
    act(
        visitor,
        deck,
        action="mulligan",
        **{"bottom-0": 5, "bottom-1": 4, "bottom-2": 3, "bottom-3": 2, "bottom-4": 1},
    )
    assert board_of(visitor, deck)["deck"][-5:] == hand[::-1]  # 8.2.1.4: in the order the player gave
    other = Client()
    act(other, deck, action="new", seed=3, going="first")
    html = act(other, deck, action="mulligan", **{"bottom-0": 1, "bottom-1": 2})  # three left out
    assert 'role="alert"' in html and "8.2.1.4" in html and board_of(other, deck)["hand"] == hand


def test_the_gbf_redraw_puts_the_cards_back_in_the_players_order(samples) -> None:
    deck, visitor = samples["gbf"], Client()
    html = act(visitor, deck, action="new", seed=3, going="first")
    assert 'name="bottom-0"' in html and "5-2-1-5-1" in html
    hand = board_of(visitor, deck)["hand"]
    html = act(visitor, deck, action="redraw", **{"bottom-3": 1, "bottom-0": 2, "bottom-1": ""})
    assert "redraw: 2 card(s) to the bottom, 2 drawn" in html
    assert board_of(visitor, deck)["deck"][-2:] == [hand[3], hand[0]]


def test_the_fftcg_page_offers_a_party_attack_and_says_why_there_is_no_opponents_turn(samples) -> None:
    deck, visitor = samples["fftcg"], Client()
    html = act(visitor, deck, action="new", seed=3, going="first")
    assert "No Summons on the opponent's turn: this board has no opponent's turn to act in" in html
    act(visitor, deck, action="next")
    html = act(visitor, deck, action="party", party=["0"])
    assert 'role="alert"' in html and "15.1.1.9.1" in html  # a party is two or more Forwards


def test_the_fire_force_page_asks_what_the_flame_cap_puts_in_adolla(samples) -> None:
    deck, visitor = samples["fireforce"], Client()
    act(visitor, deck, action="new", seed=3, going="first")
    act(visitor, deck, action="next")
    while not board_of(visitor, deck)["flame_excess"]:  # deck cards put among the Flame cards by hand
        html = act(visitor, deck, action="move:flames", **{"from": "deck:0"})  # face down (307.7)
    flames = len(board_of(visitor, deck)["flames"])
    assert "Choose 1 to put in Adolla" in html and 'value="flame-cap"' in html
    html = act(visitor, deck, action="next")
    assert 'role="alert"' in html and "1303.1" in html
    html = act(visitor, deck, action="flame-cap", adolla=[f"flames:{flames - 1}"])
    assert 'role="alert"' not in html and 'value="flame-cap"' not in html
    board = board_of(visitor, deck)
    assert (len(board["flames"]), board["flame_excess"], len(board["adolla"])) == (flames - 1, 0, 1)
