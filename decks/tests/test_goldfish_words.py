"""The goldfish form and result in a player's words (issue 33, item 8): values that stand for something
say what ("never (0)", "80 %"), the result's figures say what they mean ("half by turn 4"), and a card's
text not played reads whole, its unplayed part marked."""

import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from decks.builder import services
from decks.goldfish import runs
from decks.models import Card, Deck, SimulationRun
from decks.testing import goldfish_form_data
from engine.goldfish import GoldfishResult

DERIVED = " <small>(from the deck and its format)</small>"


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="x-long-password-1")


@pytest.fixture
def client(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def fork(game: str, alice: User) -> Deck:
    call_command("loadsamples", verbosity=0)
    return services.fork_deck(Deck.objects.get(game_id=game, owner__isnull=True), owner_id=alice.pk)


def result_page(client: Client, run: SimulationRun) -> str:
    return client.get(reverse("decks:goldfish-run", args=[run.deck.share_id, run.pk])).content.decode()


def test_the_result_says_what_its_figures_mean(alice, client):
    deck = fork("fftcg", alice)
    run = runs.enqueue_run(deck, games=10, goings=("first",), seed=5)
    # 9 wins of 10 games: 4 on turn 3, 5 on turn 4. The average is 32/9 = 3.56; its 95 % interval is
    # 3.56 -/+ 1.96 * sqrt(s2 / 9) with s2 = (4 * (5/9)^2 + 5 * (4/9)^2) / 8 = 0.2778: 3.21 to 3.90.
    # Half the 9 wins (the 5th) come by turn 4, 90 % of them (the 9th) by turn 4.
    result = GoldfishResult(games=10, kill_turns={3: 4, 4: 5}, outcomes={"win": 9, "stalled": 1}, seed=5)
    assert run.finish({"first": result.to_dict()})
    html = result_page(client, run)
    assert "Average turn of a win" in html and "<td>turn 3.56 <small>(3.21 to 3.90)</small></td>" in html
    assert '<th scope="row">Of the games won</th><td>half by turn 4, 90 % by turn 4</td>' in html
    assert (
        "shuffled from the random seed 5: the same deck, settings and seed always deal the same games" in html
    )
    for jargon in ("Mean (95", "Median", "percentile"):
        assert jargon not in html


@pytest.mark.parametrize(
    ("game", "shown"),
    [
        ("dbsfw", "<dt>Opponent awakens at life</dt><dd>never (0)</dd>"),
        ("dbsfw", "<dt>Opponent hits you from turn</dt><dd>never (0)</dd>"),
        ("fftcg", f"<dt>Damage to win</dt><dd>7, as the format says{DERIVED}</dd>"),
        ("fftcg", f"<dt>Opponent&#x27;s deck size</dt><dd>50, as the format says{DERIVED}</dd>"),
        ("gbf", "<dt>Chance armor enters as crew</dt><dd>80 %</dd>"),
        ("gbf", "<dt>Opponent HP by turn</dt><dd>does not change</dd>"),
        ("fireforce", f"<dt>Opponent&#x27;s deck size</dt><dd>30, as the format says{DERIVED}</dd>"),
    ],
)
def test_a_setting_that_stands_for_something_says_what(alice, client, game, shown):
    run = runs.enqueue_run(fork(game, alice), games=10, goings=("first",), seed=5)
    assert shown in result_page(client, run)


def test_the_energy_target_worked_out_from_the_deck_keeps_the_words_of_minus_1(alice, client):
    run = runs.enqueue_run(fork("dbsfw", alice), games=10, goings=("first",), seed=5)
    html = result_page(client, run)
    target = re.search(
        r"<dt>Energy target</dt><dd>(\d+), enough for the deck&#x27;s most expensive card", html
    )
    assert target, "the energy target in force, then what -1 meant"
    assert "<dd>-1" not in html


def test_the_form_asks_for_the_chance_as_a_percentage(alice, client):
    deck = fork("gbf", alice)
    url = reverse("decks:goldfish", args=[deck.share_id])
    html = client.get(url).content.decode()
    assert re.search(r'<label for="id_p_crew">Chance armor enters as crew \(%\)</label>', html)
    field = re.search(r'<input [^>]*name="p_crew"[^>]*>', html).group(0)
    assert 'value="80"' in field and 'max="100"' in field, field
    data = goldfish_form_data("gbf") | {"p_crew": "25", "games": "10", "order": "first"}
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    run = SimulationRun.objects.get(deck=deck)
    assert run.params["opponent"]["p_crew"] == 0.25
    assert "<dt>Chance armor enters as crew</dt><dd>25 % <small>(changed)</small></dd>" in result_page(
        client, run
    )
    assert client.post(url, data | {"p_crew": "101"}).status_code == 200  # refused: over 100 %


def test_a_card_whose_text_is_partly_played_reads_whole_with_the_unplayed_part_marked(alice, client):
    deck = fork("fftcg", alice)
    # Dusk Reaver: "Haste." (played, the card has the keyword) and an ability the games do not play
    reaver = Card.objects.get(game_id="fftcg", number="FX-036L")
    services.set_card_count(deck, reaver, "main", 1)
    run = runs.enqueue_run(deck, games=10, goings=("first",), seed=5)
    html = result_page(client, run)
    report = runs.card_text(run)
    keeper = next(c for c in report.cards if c.name == "Dusk Reaver")
    assert keeper in report.not_played and not all(p.status == "unplayed" for p in keeper.parts)
    item = re.search(r"<li><a [^>]*>Dusk Reaver</a>.*?</li>", html, re.S)
    assert item, "Dusk Reaver is in the not-played list"
    text = re.sub(r"\s+", " ", item.group(0))
    whole = " ".join(p.text for p in keeper.parts)
    assert re.sub(r"<[^>]+>", "", text).endswith(f": {whole}</li>".replace("</li>", "")), text
    for part in keeper.parts:
        marked = f'<mark title="not played">{part.text}</mark>'
        assert (marked in text) == (part.status == "unplayed"), (part, text)
