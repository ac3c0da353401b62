"""The requests views receive, typed as they are by the time a view runs.

HtmxMiddleware sets django-htmx's details on every request, so `request.htmx` is the one way a view
tells an htmx request from a page load; behind @login_required, `request.user` is a real user.
"""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HttpRequest):
    user: User
