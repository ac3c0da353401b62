import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from decks.models import Card, CardSet, Deck, DeckCard, Game


@pytest.fixture
def fftcg(db) -> Game:
    # The data migration creates the four games; a transactional test's flush removes them.
    game, _ = Game.objects.get_or_create(id="fftcg", defaults={"name": "FINAL FANTASY TCG"})
    return game


@pytest.fixture
def card(fftcg: Game) -> Card:
    card_set = CardSet.objects.create(game=fftcg, code="TS1", name="Test set")
    return Card.objects.create(
        game=fftcg,
        card_set=card_set,
        number="TS1-001H",
        base_number="TS1-001",
        name="Test Knight",
        type="forward",
    )


@pytest.fixture
def samples(db) -> None:
    """The fictional sample cards and decks of the four games, as the first start loads them."""
    call_command("loadsamples", verbosity=0)


@pytest.fixture
def deck(fftcg: Game) -> Deck:
    return Deck.objects.create(game=fftcg, format="constructed", name="Test deck")


# The people of the access rules: two users, a visitor with no account, and another visitor who was
# sent a deck's link. Each client is a browser of its own, with its own session.


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="alice-long-password-1")


@pytest.fixture
def bob(db) -> User:
    return User.objects.create_user("bob", password="bob-long-password-1")


@pytest.fixture
def alice_client(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob: User) -> Client:
    client = Client()
    client.force_login(bob)
    return client


@pytest.fixture
def anonymous(db) -> Client:
    """A visitor with no account; decks they build belong to their session."""
    return Client()


@pytest.fixture
def link_holder(db) -> Client:
    """Another visitor with no account, who was given a deck's share link."""
    return Client()


@pytest.fixture
def staff(db) -> Client:
    """A maintainer (staff) signed in."""
    client = Client()
    client.force_login(User.objects.create_user("maintainer", password="x-long-password-7", is_staff=True))
    return client


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """The chunk ids sent to the broker (none is really sent)."""
    ids: list[int] = []
    monkeypatch.setattr("decks.goldfish.runs._send", ids.extend)
    return ids


@pytest.fixture
def printings(fftcg: Game) -> dict[str, Card]:
    """Two printings of one card (base TS1-001) and another card (TS1-002), by number."""
    card_set = CardSet.objects.create(game=fftcg, code="TS1", name="Test set")
    made = {}
    for number, base, name in (
        ("TS1-001H", "TS1-001", "Test Knight"),
        ("TS1-001H-FOIL", "TS1-001", "Test Knight"),
        ("TS1-002R", "TS1-002", "Test Mage"),
    ):
        made[number] = Card.objects.create(
            game=fftcg, card_set=card_set, number=number, base_number=base, name=name, type="forward"
        )
    return made


@pytest.fixture
def knights(fftcg: Game, bob: User, printings: dict[str, Card]) -> Deck:
    """Bob's public deck: 3 Test Knight (2 of one printing, 1 of the other) and 3 Test Mage."""
    deck = Deck.objects.create(
        game=fftcg, format="constructed", name="Knights", owner=bob, visibility="public"
    )
    for number, count in (("TS1-001H", 2), ("TS1-001H-FOIL", 1), ("TS1-002R", 3)):
        DeckCard.objects.create(deck=deck, card=printings[number], section="main", count=count)
    return deck
