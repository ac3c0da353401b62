"""The request a view receives: Django's, with django-htmx's details (HtmxMiddleware sets them on every
request), so `request.htmx` is the one way a view tells an htmx request from a page load."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
