"""The API keys page: a signed-in user makes a key, sees it once, uses it, and revokes it."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.accounts.tokens import MAX_TOKENS
from decks.models import APIToken

PAGE = "/accounts/api-keys/"


@pytest.fixture
def alice_client(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def test_it_asks_a_visitor_to_log_in(db):
    response = Client().get(PAGE)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_new_key_is_shown_once_and_works_until_revoked(alice_client, alice):
    response = alice_client.post(PAGE, {"name": "laptop script"}, follow=True)
    assert response.redirect_chain == [(PAGE, 302)]  # reloading the page makes no second key
    made = response.content.decode()
    key = re.search(r'id="new-key" class="share-url" type="text" readonly value="([^"]+)"', made).group(1)
    token = APIToken.objects.get(user=alice)
    assert token.name == "laptop script" and key.startswith(token.prefix) and key not in token.key_hash

    mine = Client().get("/api/v1/decks?mine=true", headers={"Authorization": f"Bearer {key}"})
    assert mine.status_code == 200
    listed = alice_client.get(PAGE).content.decode()
    assert key not in listed and f"{token.prefix}…" in listed and "laptop script" in listed

    alice_client.post(f"{PAGE}{token.pk}/revoke")
    assert not APIToken.objects.exists()
    assert Client().get("/api/v1/decks", headers={"Authorization": f"Bearer {key}"}).status_code == 401


def test_nobody_revokes_another_users_key(alice_client, bob):
    bobs = APIToken.objects.create(user=bob, key_hash="x" * 64, prefix="bobkey00")
    assert alice_client.post(f"{PAGE}{bobs.pk}/revoke").status_code == 404
    assert APIToken.objects.filter(pk=bobs.pk).exists()


def test_one_account_holds_a_bounded_number_of_keys(alice_client, alice):
    for i in range(MAX_TOKENS):
        APIToken.objects.create(user=alice, key_hash=f"{i:064d}", prefix=f"k{i:07d}")
    page = alice_client.post(PAGE, {"name": "one more"}).content.decode()
    assert f"You have {MAX_TOKENS} keys" in page
    assert APIToken.objects.filter(user=alice).count() == MAX_TOKENS
