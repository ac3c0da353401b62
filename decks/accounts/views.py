"""Sign up, log in, log out. A visitor's decks follow them into the account they sign up for or log in to.

Django's `login()` gives the session a new key (against session fixation), and anonymous decks are
owned by the session key, so each view reads the old key first and hands its decks to the user after.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from decks.builder import services
from decks.web import security


@sensitive_post_parameters("password1", "password2")
@never_cache
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        address = security.client_ip(request)
        try:
            security.ensure_room("signup", address)  # only accounts made count: a typo costs nothing
        except security.RateLimited as e:
            return security.too_many(request, e)
        _log_in_keeping_decks(request, form.save())
        security.record("signup", address)
        return redirect(_next_url(request))
    return render(request, "registration/signup.html", {"form": form, "next": _next_param(request)})


@sensitive_post_parameters("password")
@never_cache
@require_http_methods(["GET", "POST"])
def login(request: HttpRequest) -> HttpResponse:
    form = AuthenticationForm(request, data=request.POST or None)
    if request.method == "POST" and form.is_valid():
        _log_in_keeping_decks(request, form.get_user())
        return redirect(_next_url(request))
    return render(request, "registration/login.html", {"form": form, "next": _next_param(request)})


@require_POST
def logout(request: HttpRequest) -> HttpResponse:
    auth.logout(request)
    return redirect(settings.LOGOUT_REDIRECT_URL)


def _log_in_keeping_decks(request: HttpRequest, user: User) -> int:
    """Log the user in and give them the decks this browser built before; return how many."""
    old_key = request.session.session_key or ""  # login() rotates the key: read it first
    auth.login(request, user)
    return services.claim_session_decks(old_key, user.pk)


def _next_param(request: HttpRequest) -> str:
    """The page to go back to, if it is on this site; "" otherwise."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(url, {request.get_host()}, require_https=request.is_secure())
    return url if safe else ""


def _next_url(request: HttpRequest) -> str:
    return _next_param(request) or resolve_url(settings.LOGIN_REDIRECT_URL)
