"""The deck's pages as a new player reads them (issue 33, items 8 and 9): the title before the buttons,
a rule named once, a Fork button where the page says to fork, one way to count a deck's cards, buttons
that say what they do, and a +1 and -1 of the same card that leave no empty version behind."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from decks.builder import services
from decks.models import Card, Deck, DeckVersion


@pytest.fixture
def samples(db) -> None:
    call_command("loadsamples", verbosity=0)


def sample(game: str) -> Deck:
    return Deck.objects.get(game_id=game, owner__isnull=True)


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="x-long-password-1")


@pytest.fixture
def alice_client(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def test_the_deck_page_puts_the_title_before_the_fork_and_settings_buttons(samples, alice, alice_client):
    deck = services.fork_deck(sample("fftcg"), owner_id=alice.pk)
    html = alice_client.get(deck.get_absolute_url()).content.decode()
    head = re.search(r'<header class="deck-head">.*?</header>', html, re.S).group(0)
    assert head.index("<h1>") < head.index("Settings and sharing") < head.index(">Fork</button>")


def test_a_note_names_its_rule_once(samples):
    html = Client().get(sample("dbsfw").get_absolute_url()).content.decode()
    note = re.search(r'<li class="info">.*?energy marker.*?</li>', html, re.S).group(0)
    assert note.count("6-1-5, 6-2-1-10") == 1, note


def test_a_samples_goldfish_tab_offers_the_fork_it_asks_for(samples):
    client = Client()
    deck = sample("gbf")
    html = client.get(reverse("decks:goldfish", args=[deck.share_id])).content.decode()
    form = re.search(r"<form[^>]*>(?:(?!</form>).)*Fork the deck(?:(?!</form>).)*</form>", html, re.S)
    assert form and 'method="post"' in form.group(0) and "<button" in form.group(0), html
    action = re.search(r'action="([^"]+)"', form.group(0)).group(1)
    response = client.post(action)
    assert response.status_code == 302
    assert Deck.objects.filter(forked_from=deck).count() == 1


@pytest.mark.parametrize(
    ("game", "size"),
    [
        ("fftcg", "50 cards in the deck · Limit Break deck: 6"),
        ("dbsfw", "50 cards in the deck · Leader: 1"),
    ],
)
def test_history_counts_a_deck_as_my_decks_does_with_the_other_sections_named(
    samples, alice, alice_client, game, size
):
    deck = services.fork_deck(sample(game), owner_id=alice.pk)
    mine = alice_client.get(reverse("decks:my-decks")).content.decode()
    assert "50 cards in the deck" in mine
    history = alice_client.get(reverse("decks:deck-history", args=[deck.share_id])).content.decode()
    assert f"by you · {size} ·" in history
    version = alice_client.get(reverse("decks:deck-version", args=[deck.share_id, 1])).content.decode()
    assert f"by you · {size} ·" in version


def test_a_plus_one_and_minus_one_of_a_card_leave_no_version_that_changes_nothing(samples, alice):
    deck = services.fork_deck(sample("fftcg"), owner_id=alice.pk)
    first = deck.versions.get()
    first.updated_at -= DeckVersion.FOLD_WITHIN + timedelta(seconds=1)  # the next edit: a version of its own
    first.save(update_fields=("updated_at",))
    scout = Card.objects.get(game_id="fftcg", number="FX-001C")
    services.change_card_count(deck, scout, "main", -1)
    services.change_card_count(deck, scout, "main", 1)
    assert list(deck.versions.values_list("number", flat=True)) == [1]
    services.change_card_count(deck, scout, "main", -1)
    services.change_card_count(deck, scout, "main", -1)
    services.change_card_count(deck, scout, "main", 1)  # folds into version 2: one fewer than version 1
    scouts = [(v.number, v.cards["main"]["FX-001C"]) for v in deck.versions.order_by("number")]
    assert scouts == [(1, 3), (2, 2)]


def test_the_boards_payment_buttons_say_what_they_do(samples):
    client = Client()
    url = reverse("decks:deck-board", args=[sample("fftcg").share_id])
    client.post(url, {"action": "new", "seed": "11", "going": "first"})
    client.post(url, {"action": "next"})
    html = client.get(url).content.decode()
    assert re.search(r">Cast [^<]+ with this payment</button>", html)
    assert " so</button>" not in html
