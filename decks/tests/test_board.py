"""The playtest board page (issue 16): a game played by hand with the engine's rules, one board per
browser kept in its session, undo, and the deck's permissions."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.test import Client

from decks.models import Deck


@pytest.fixture
def sample(db) -> Deck:
    call_command("loadsamples", verbosity=0)
    return Deck.objects.get(game_id="fftcg", owner__isnull=True)


def act(client: Client, deck: Deck, **data: object) -> str:
    return client.post(f"/d/{deck.share_id}/board/", data, headers={"HX-Request": "true"}).content.decode()


def hand_size(html: str) -> int:
    return int(re.search(r'id="hand-title">Hand <span class="hint">\((\d+)\)', html).group(1))


def test_a_game_by_hand_with_undo(sample) -> None:
    visitor = Client()
    html = visitor.get(f"/d/{sample.share_id}/board/").content.decode()
    assert hand_size(html) == 5 and "Start turn 1" in html
    assert "{#" not in html and "#}" not in html  # no template comment shows as text
    html = act(visitor, sample, action="new", seed=7, going="first")
    html = act(visitor, sample, action="next")
    assert hand_size(html) == 6 and "Next turn" in html  # going first: 1 card on turn 1 (9.2.1.3)
    assert '<dd id="phase">main phase 1</dd>' in html  # the phase is shown (9.3.1.1)
    buttons = re.findall(
        r'name="card" value="(\d+)">\s*<button type="submit" name="action" value="cast" (\w*)', html
    )
    castable = [card for card, disabled in buttons if disabled != "disabled"]
    assert castable, "a cost-1 or cost-2 card with a discard to pay for it"
    html = act(visitor, sample, action="cast", card=castable[0])
    assert "cast " in html and hand_size(html) < 6
    html = act(visitor, sample, action="undo")
    assert hand_size(html) == 6
    html = act(visitor, sample, action="attack", forward=0)
    assert 'role="alert"' in html  # nothing to attack with: the error, and the board as it was
    assert hand_size(html) == 6


def test_a_draw_in_setup_is_refused_with_the_rule(sample) -> None:
    # The `d` key before turn 1: the opening hand is 5 cards (8.2.1.3); the page says so and keeps it.
    visitor = Client()
    act(visitor, sample, action="new", seed=7, going="first")
    html = act(visitor, sample, action="draw")
    assert 'role="alert"' in html and "8.2.1.3" in html and hand_size(html) == 5


def test_each_browser_has_its_own_board(sample) -> None:
    first, second = Client(), Client()
    act(first, sample, action="new", seed=1, going="second")
    act(first, sample, action="next")
    assert hand_size(act(first, sample, action="draw")) == 8  # 5, 2 on turn 1 going second, 1 by hand
    assert hand_size(second.get(f"/d/{sample.share_id}/board/").content.decode()) == 5


def test_the_same_seed_deals_the_same_game(sample) -> None:
    a, b = Client(), Client()
    hands = [
        re.findall(r'<span class="name">([^<]+)</span>', act(c, sample, action="new", seed=42))
        for c in (a, b)
    ]
    assert hands[0] == hands[1]


def test_a_fire_force_game_deploy_pay_and_attack(sample) -> None:
    # Going second: 2 Flame cards on turn 1 (404.1g, 502.5); a Unit is used paying with them, greyed out
    # when too few are standby (905.4b), and waits a turn to attack (702.1a-2); its attack takes a life.
    deck = Deck.objects.get(game_id="fireforce", owner__isnull=True)
    visitor = Client()
    assert f'href="/d/{deck.share_id}/board/"' in visitor.get(f"/d/{deck.share_id}/").content.decode()
    html = act(visitor, deck, action="new", seed=4, going="second")
    assert "Redraw the hand" in html
    html = act(visitor, deck, action="next")
    assert hand_size(html) == 6 and "2 standby; 2 of 8 on the field" in html
    usable = re.findall(r'value="(\d+)">\s*<button type="submit" name="action" value="use"\s+aria', html)
    assert usable and "(905.4b)" in html
    html = act(visitor, deck, action="use", card=usable[0])
    assert 'role="alert"' not in html and "deploy " in html and "came this turn" in html
    keywords = re.search(r'<span class="hint">power \d+, ([^<]*)</span>', html).group(1)
    assert ("Assault" in keywords) == ('value="attack"' in html)  # 702.1a-2, 1202.1
    if "Assault" not in keywords:
        html = act(visitor, deck, action="next")
    html = act(visitor, deck, action="attack", unit=0)
    assert re.search(r'id="opp-life">4<', html) and " attacks: opponent life 4" in html


def test_a_dbsfw_game_charge_play_and_attack(sample) -> None:
    deck = Deck.objects.get(game_id="dbsfw", owner__isnull=True)
    visitor = Client()
    act(visitor, deck, action="new", seed=3, going="second")
    html = act(visitor, deck, action="next")  # life cards, the opponent's turn, draw: 7 in hand
    assert hand_size(html) == 7 and "1 marker" in html
    assert '<dd id="phase">charge phase (up to 1 card to the energy area)</dd>' in html  # 7-2-11
    assert 'value="main">Main phase, no charge' in html
    # The life cards are face down (3-9-2): the move form offers them by place, never by name.
    life = re.search(r'<optgroup label="Life area">(.*?)</optgroup>', html).group(1)
    assert re.findall(r">([^<]+)</option>", life) == [f"face-down card {p}" for p in range(1, 9)]
    html = act(visitor, deck, action="charge", card=0)
    assert hand_size(html) == 6 and "1 active of 1" in html
    assert 'value="charge"' not in html  # once a turn (7-2-11)
    assert '<dd id="phase">main phase</dd>' in html and 'value="main"' not in html  # 7-2-13
    playable = re.findall(
        r'name="card" value="(\d+)">\s*<button type="submit" name="action" value="play" (\w*)', html
    )
    card = next(c for c, disabled in playable if disabled != "disabled")
    html = act(visitor, deck, action="play", card=card)
    assert 'role="alert"' not in html and hand_size(html) == 5
    html = act(visitor, deck, action="attack", attacker=-1)
    # The attack opens the battle's offense step (8-2): combos and [Activate: Battle], then the damage step.
    assert "Battle: Renn, Ember Fist attacks" in html and 'value="resolve"' in html
    assert 'value="attack"' not in html  # one battle at a time
    assert '<dd id="phase">main phase: a battle, its offense step (8-2)</dd>' in html
    refused = act(visitor, deck, action="charge", card=0)  # charged after the attack: out of its phase
    assert 'role="alert"' in refused and "(7-2-11, 7-2-13)" in refused and hand_size(refused) == 5
    html = act(visitor, deck, action="resolve")
    # The sample Leader's 15000 against the opponent Leader's 15000: a tie hits (8-4-6), 8 life to 7.
    assert re.search(r'id="opp-life">(\d+)<', html).group(1) == "7"
    assert "damage step: Renn, Ember Fist with power 15000" in html and 'value="resolve"' not in html


def test_the_player_chooses_the_payment_and_a_wrong_one_is_refused(sample) -> None:
    visitor = Client()
    act(visitor, sample, action="new", seed=7, going="second")
    html = act(visitor, sample, action="next")  # 7 cards, turn 1
    assert "Choose the payment" in html
    refused = act(visitor, sample, action="cast", card=0, pay="yes")  # nothing discarded
    assert 'role="alert"' in refused and "11.4.6" in refused and hand_size(refused) == 7
    # The form comes with the suggested payment checked; posting it as it is casts the card.
    form = html[html.index('name="card" value="0"><input type="hidden" name="pay"') :]
    form = form[: form.index("</form>")]
    discards = re.findall(r'name="discard" value="(\d+)" checked', form)
    dulled = re.findall(r'name="dull" value="([a-z]+:\d+)" checked', form)
    paid = act(visitor, sample, action="cast", card=0, pay="yes", discard=discards, dull=dulled)
    assert 'role="alert"' not in paid and hand_size(paid) == 7 - 1 - len(discards)


def test_any_card_moves_to_any_zone(sample) -> None:
    # The move form: a life card to the drop area, the deck's top card to the energy area (as card text
    # does; it enters active, 3-8-3); a zone the board does not have is refused and loses nothing.
    deck = Deck.objects.get(game_id="dbsfw", owner__isnull=True)
    visitor = Client()
    act(visitor, deck, action="new", seed=3, going="first")
    html = act(visitor, deck, action="next")
    assert "<dt>Your life</dt><dd>8</dd>" in html and 'value="move:drop"' in html
    html = act(visitor, deck, action="move:drop", **{"from": "life:0"})
    assert "<dt>Your life</dt><dd>7</dd>" in html and "<dt>Drop area</dt><dd>1</dd>" in html
    assert "from the life area to the drop area" in html
    html = act(visitor, deck, action="move:energy", **{"from": "deck:0"})
    assert "1 active of 1" in html and "from the deck to the energy area" in html
    refused = act(visitor, deck, action="move:nowhere", **{"from": "hand:0"})
    assert 'role="alert"' in refused and hand_size(refused) == hand_size(html)


def test_a_gbf_game_redraw_crew_summon_and_a_battle(sample) -> None:
    # Setup: the redraw and the captain; turn 1 going first: no draw, one crystal (6-2-5, 6-2-7); a rank-1
    # crew card enters within 1 crystal (10-2-3-1-1), a rank-2 one is greyed out citing the rule; the
    # captain and the crew attack together, their ATK in one hit (7-4-1-2).
    deck = Deck.objects.get(game_id="gbf", owner__isnull=True)
    visitor = Client()
    html = act(visitor, deck, action="new", seed=5, going="first")
    assert "Redraw: number the cards" in html and "Captain to start with" in html
    html = act(visitor, deck, action="redraw", **{"bottom-0": "1"})
    assert "redraw: 1 card(s) to the bottom, 1 drawn" in html and "Redraw: number the cards" not in html
    html = act(visitor, deck, action="captain", captain=0)
    html = act(visitor, deck, action="next")
    assert hand_size(html) == 5 and "Crystals</dt><dd>1 active of 1" in html
    assert '<dd id="phase">main phase</dd>' in html  # 6-3
    assert 'title="The crew&#x27;s rank total may not exceed your 1 crystals (10-2-3-1-1)."' in html
    enter = re.findall(r'value="(\d+)">\s*<button type="submit" name="action" value="enter"\s+aria', html)
    html = act(visitor, deck, action="enter", card=enter[0])
    assert "crew rank 1 of 1" in html and hand_size(html) == 4
    html = act(visitor, deck, action="attack", attacker=["-1", "0"])
    assert re.search(r"attack: .+ \(ATK \d+\), .+ \(ATK \d+\); \d+ damage to the opponent", html)
    assert 'role="alert"' not in html and 'value="attack"' not in html  # both rested: no attacker left
    assert '<dd id="phase">battle phase (crew enter, uncap and job change are over)</dd>' in html  # 6-4
    greyed = re.findall(r'value="enter" (disabled title="[^"]*")?', html)
    assert greyed and all("(6-3-1-2-1, 6-3-1-3)" in g for g in greyed)  # no crew enter after the attacks


def test_a_board_saved_in_an_older_shape_starts_a_new_game(sample) -> None:
    visitor = Client()
    act(visitor, sample, action="new", seed=3)
    session = visitor.session
    saved = session[f"board:{sample.pk}"]
    del saved["board"]["damage"]  # as a board saved before the damage zone was added
    session[f"board:{sample.pk}"] = saved
    session.save()
    response = visitor.get(f"/d/{sample.share_id}/board/")
    assert response.status_code == 200 and hand_size(response.content.decode()) == 5


@pytest.mark.parametrize(
    ("game", "lost", "why"),
    [
        ("fftcg", {"out_of_cards": True}, "you had to draw from your empty main deck (12.4.2)"),
        ("gbf", {"deck": []}, "your deck is empty (9-4-1-4)"),
        ("fireforce", {"deck": []}, "your deck is empty (1302.2)"),
    ],
)
def test_a_lost_game_says_why_and_refuses_to_go_on(sample, game, lost, why) -> None:
    # Own deck-out ends the game as a loss (FFTCG 3.1.2, 12.4.2; GBF 9-4-1-4; Fire Force 1302.2): the board
    # as the rules leave it, set in the session, is shown lost and the next turn is refused with the rule.
    deck = Deck.objects.get(game_id=game, owner__isnull=True)
    visitor = Client()
    act(visitor, deck, action="new", seed=3, going="second")
    act(visitor, deck, action="next")
    session = visitor.session
    saved = session[f"board:{deck.pk}"]
    saved["board"].update(lost)
    session[f"board:{deck.pk}"] = saved
    session.save()
    html = visitor.get(f"/d/{deck.share_id}/board/").content.decode()
    assert f'<p class="error" role="status">You lose on your turn 1: {why}.</p>' in html
    refused = act(visitor, deck, action="next")
    assert 'role="alert"' in refused and "you lose (" in refused


BAD_ACTIONS = [
    {"action": "nonsense"},
    {"action": "attack", "attacker": "x", "forward": "99", "unit": "-5"},
    {"action": "cast", "card": "999"},
    {"action": "play", "card": "-1", "pay": "yes", "energy": ["7"], "markers": "9"},
    {"action": "enter", "card": "abc"},
    {"action": "uncap", "card": "0", "slot": "9"},
    {"action": "summon", "card": "0", "pay": "yes", "crystal": ["0", "0"]},
    {"action": "use", "card": "0", "pay": "yes", "payer": ["flames:9", "nowhere:0"]},
    {"action": "pray", "unit": "0", "target": "0"},
    {"action": "redraw", "bottom-99": "1"},
    {"action": "party", "party": ["0", "x"]},
    {"action": "flame-cap", "adolla": ["flames:x", "units"]},
    {"action": "captain", "captain": "42"},
    {"action": "toggle", "zone": "hand", "pos": "0"},
    {"action": "move:deck", "from": "crew:abc"},
    {"action": "move:nowhere", "from": "hand:0"},
    {"action": "reveal", "n": "999999999999"},
    {"action": "search", "number": "NOPE-1"},
]


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_malformed_actions_say_so_and_change_nothing(sample, game) -> None:
    # Every game's board answers a malformed or refused action with a message and the board as it was.
    deck = Deck.objects.get(game_id=game, owner__isnull=True)
    visitor = Client()
    act(visitor, deck, action="new", seed=2)
    before = act(visitor, deck, action="next")
    for data in BAD_ACTIONS:
        response = visitor.post(f"/d/{deck.share_id}/board/", data, headers={"HX-Request": "true"})
        html = response.content.decode()
        assert response.status_code == 200, data
        if "reveal" not in data["action"]:
            assert 'role="alert"' in html, data
        assert hand_size(html) == hand_size(before), data
