"""Error pages that Django itself renders (bad Host header, unknown URL, server error): JSON under /api/,
because an API client parses every answer as JSON, and Django's own pages elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

API_PREFIX = "/api/"


def _json_under_api(status: HTTPStatus, page: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    def handler(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if request.path.startswith(API_PREFIX):
            return JsonResponse({"detail": status.phrase}, status=status)
        return page(request, *args, **kwargs)

    return handler


bad_request = _json_under_api(HTTPStatus.BAD_REQUEST, defaults.bad_request)
permission_denied = _json_under_api(HTTPStatus.FORBIDDEN, defaults.permission_denied)
page_not_found = _json_under_api(HTTPStatus.NOT_FOUND, defaults.page_not_found)
server_error = _json_under_api(HTTPStatus.INTERNAL_SERVER_ERROR, defaults.server_error)
