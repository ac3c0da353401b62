"""A signed-in user's keys for the JSON API: make one (its key is shown once, only a hash is kept),
see when each was last used, revoke one. `manage.py create_api_token` does the same from a shell."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from decks.api.auth import create_token
from decks.builder.forms import NameField
from decks.models import APIToken
from decks.web.requests import AuthenticatedHttpRequest

MAX_TOKENS = 20  # per user: enough for every script and machine, and a bound on a runaway one
NEW_KEY = "new-api-key"  # the session's copy of a key just made, until the page shows it once


class TokenForm(forms.Form):
    name = NameField(
        max_length=100, required=False, help_text="What the key is for, e.g. the script or machine using it."
    )


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def api_tokens(request: AuthenticatedHttpRequest) -> HttpResponse:
    tokens = APIToken.objects.filter(user=request.user)
    form = TokenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if tokens.count() >= MAX_TOKENS:
            form.add_error(
                None, f"You have {MAX_TOKENS} keys, the most one account may hold: revoke one first."
            )
        else:
            # Shown once, on the page the redirect leads to: a reload then makes no second key.
            _, request.session[NEW_KEY] = create_token(request.user, form.cleaned_data["name"].strip())
            return redirect("decks:api-tokens")
    context = {
        "tokens": tokens,
        "form": form,
        "new_key": request.session.pop(NEW_KEY, "") if request.method == "GET" else "",
        "api_url": request.build_absolute_uri(reverse("api:api-root")),
    }
    return render(request, "decks/api_tokens.html", context)


@login_required
@require_POST
def revoke_token(request: AuthenticatedHttpRequest, token_id: int) -> HttpResponse:
    """Only the owner's own keys: another user's id is not found."""
    get_object_or_404(APIToken, pk=token_id, user=request.user).delete()
    return redirect("decks:api-tokens")
