from django.contrib.admin.views.decorators import staff_member_required
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from decks.builder.library import decks_by_game
from decks.models import Game
from decks.web import health
from decks.web.requests import HtmxHttpRequest


def _games() -> QuerySet[Game]:
    return Game.objects.annotate(
        card_count=Count("cards", distinct=True), deck_count=Count("decks", distinct=True)
    )


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "decks/home.html", {"games": _games(), "decks_by_game": decks_by_game()})


@staff_member_required
@require_POST
def worker_check(request: HtmxHttpRequest) -> HttpResponse:
    """Send a task from the web app and show what the worker answered (staff: it holds a web worker
    for up to five seconds)."""
    check = health.check_worker()
    if request.htmx:
        return render(request, "decks/home.html#worker-result", {"check": check})
    context = {"games": _games(), "decks_by_game": decks_by_game(), "check": check}
    return render(request, "decks/home.html", context)


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Quick enough to probe every second: no task is sent (decks.web.health)."""
    database = health.check_database()
    broker = health.check_broker()
    worker = health.check_workers() if database.ok else health.Check(False, "skipped")
    ok = database.ok and broker.ok and worker.ok
    body = {"database": database.detail, "broker": broker.detail, "worker": worker.detail, "ok": ok}
    return JsonResponse(body, status=200 if ok else 503)
