"""Sign up, log in and log out; a visitor's decks follow them into their account."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from decks.builder import services
from decks.models import Deck

PASSWORD = "a-long-enough-passphrase"


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


def _visitors_deck(client: Client, name: str = "Before sign-up") -> Deck:
    return services.create_deck(
        game_id="fftcg", name=name, owner_id=None, session_key=client.session.session_key
    )


def _signup(client: Client, username: str = "carol", **extra: str) -> object:
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD, **extra}
    return client.post("/accounts/signup/", data)


def test_it_shows_the_signup_form_with_labels(anonymous, db):
    html = anonymous.get("/accounts/signup/").content.decode()
    for field in ("id_username", "id_password1", "id_password2"):
        assert f'<label for="{field}"' in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_it_signs_up_and_logs_in(anonymous, db):
    response = _signup(anonymous)
    assert response.status_code == 302
    assert response["Location"] == "/decks/mine/"
    user = User.objects.get(username="carol")
    assert anonymous.session["_auth_user_id"] == str(user.pk)
    assert "carol" in anonymous.get("/decks/mine/").content.decode()


def test_it_keeps_the_decks_built_before_signing_up(anonymous, fftcg):
    deck = _visitors_deck(anonymous)
    old_key = anonymous.session.session_key
    _signup(anonymous)
    deck.refresh_from_db()
    assert deck.owner == User.objects.get(username="carol")
    assert deck.session_key == ""
    assert anonymous.session.session_key != old_key  # login() rotated the key; the deck still followed
    assert anonymous.get(f"/d/{deck.share_id}/settings").status_code == 200


def test_it_keeps_the_decks_built_before_logging_in(anonymous, alice, fftcg):
    deck = _visitors_deck(anonymous)
    response = anonymous.post("/accounts/login/", {"username": "alice", "password": "alice-long-password-1"})
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.owner == alice
    assert deck.share_id in anonymous.get("/decks/mine/").content.decode()


def test_it_leaves_other_visitors_decks_alone(anonymous, link_holder, fftcg):
    others = _visitors_deck(link_holder, "Someone else's")
    _signup(anonymous)
    others.refresh_from_db()
    assert others.owner is None
    assert others.session_key == link_holder.session.session_key


def test_it_refuses_a_wrong_password_and_claims_nothing(anonymous, alice, fftcg):
    deck = _visitors_deck(anonymous)
    response = anonymous.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    deck.refresh_from_db()
    assert deck.owner is None
    assert "_auth_user_id" not in anonymous.session


def test_it_refuses_mismatched_passwords(anonymous, db):
    response = _signup(anonymous, password2="something-else-entirely")
    assert response.status_code == 200
    assert "The two password fields didn" in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


def test_it_refuses_a_taken_username(anonymous, alice):
    response = _signup(anonymous, username="alice")
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.filter(username="alice").count() == 1


def test_it_goes_back_to_the_page_named_by_next(anonymous, alice):
    data = {"username": "alice", "password": "alice-long-password-1", "next": "/decks/public/"}
    assert anonymous.post("/accounts/login/", data)["Location"] == "/decks/public/"


def test_it_ignores_a_next_on_another_site(anonymous, alice):
    data = {"username": "alice", "password": "alice-long-password-1", "next": "https://evil.example/"}
    assert anonymous.post("/accounts/login/", data)["Location"] == "/decks/mine/"


def test_it_sends_a_signed_in_user_away_from_signup(alice_client):
    assert alice_client.get("/accounts/signup/")["Location"] == "/decks/mine/"


def test_it_logs_out_on_post_only(alice_client):
    assert alice_client.get("/accounts/logout/").status_code == 405
    assert "_auth_user_id" in alice_client.session
    response = alice_client.post("/accounts/logout/")
    assert response["Location"] == "/"
    assert "_auth_user_id" not in alice_client.session


@pytest.mark.parametrize("url", ["/accounts/signup/", "/accounts/login/", "/accounts/logout/"])
def test_it_needs_the_csrf_token(db, url):
    client = Client(enforce_csrf_checks=True)
    data = {"username": "carol", "password": PASSWORD, "password1": PASSWORD, "password2": PASSWORD}
    assert client.post(url, data).status_code == 403
    assert not User.objects.exists()


def test_the_header_offers_log_in_or_log_out(anonymous, alice_client, db):
    html = anonymous.get("/").content.decode()
    assert 'href="/accounts/login/"' in html
    assert 'href="/accounts/signup/"' in html
    html = alice_client.get("/").content.decode()
    assert 'action="/accounts/logout/"' in html
    assert "alice" in html


def test_signup_is_rate_limited_by_accounts_made_not_by_failures(anonymous, settings, db):
    cache.clear()
    settings.RATE_LIMITS = {"signup": "1/h"}
    for _ in range(3):  # mistakes do not use up the address's sign-ups
        assert Client().post("/accounts/signup/", {"username": "dave"}).status_code == 200
    assert _signup(anonymous, username="carol").status_code == 302
    refused = _signup(Client(), username="erin")
    assert refused.status_code == 429
    assert "You have reached the limit of new accounts from your address for now." in refused.content.decode()
    assert not User.objects.filter(username="erin").exists()


def test_signup_attempts_have_a_cap_of_their_own(settings, db):
    cache.clear()
    settings.RATE_LIMITS = {"signup_attempts": "2/h"}
    for _ in range(2):
        assert Client().post("/accounts/signup/", {"username": "dave"}).status_code == 200
    assert Client().post("/accounts/signup/", {"username": "dave"}).status_code == 429
