"""A deck's log of real games: recording one in a click, editing and deleting, the CSV file both ways,
and what the log says (engine.record) beside what the goldfish predicted for the same version.

The log is its owner's alone, whatever the deck's visibility: every page here opens for the owner only
(access.get_editable_deck: 404 for anyone else, so a log's existence does not leak). The owner may show
the totals on the deck page (GameRecordShown); `shown_record` is what that page reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, cast

from django.contrib import messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks.builder import charts
from decks.builder.access import get_editable_deck, owns
from decks.builder.gamelog_forms import LogFileForm, PlayedGameForm, opponent_choices
from decks.models import Deck, DeckVersion, GameRecordShown, PlayedGame, SimulationRun
from decks.templatetags.sharing import median_kill
from engine import record
from engine.record_csv import CsvGame, LineProblem, LogFileError, read_log, write_log

PER_PAGE = 50
MOST_PROBLEMS_SHOWN = 20


def version_in_force(deck: Deck, played_on: date) -> DeckVersion | None:
    """The deck's latest version made on or before the date; for a game dated before the deck's first
    version, that first version."""
    versions = deck.versions.order_by("-number")
    return versions.filter(created_at__date__lte=played_on).first() or versions.last()


def logged_games(deck: Deck) -> list[record.LoggedGame]:
    """The deck's games as the statistics read them, in one query."""
    rows = deck.played_games.values_list(
        "deck_version__number", "result", "went_first", "mulliganed", "last_turn", "opponent", "archetype"
    )
    return [
        record.LoggedGame(version, cast(record.Result, result), first, mulliganed, turn, opponent, archetype)
        for version, result, first, mulliganed, turn, opponent, archetype in rows
    ]


def shown_record(deck: Deck) -> record.Record | None:
    """The deck's totals when its owner shows them on the deck page; None when the log is private.
    One query (part of the deck page's cache key)."""
    rows = (
        PlayedGame.objects.filter(deck=deck, deck__record_shown__isnull=False)
        .values_list("result")
        .annotate(n=Count("pk"))
        .order_by()
    )
    counts = dict(rows)
    if not counts:
        return None
    return record.Record(counts.get("win", 0), counts.get("loss", 0), counts.get("draw", 0))


def may_read_record(request: HttpRequest, deck: Deck) -> bool:
    """Whether the visitor may read the deck's real record: its owner always, anyone else only once the
    owner shows it (the totals only: the games themselves stay the owner's)."""
    return owns(request, deck) or GameRecordShown.objects.filter(deck=deck).exists()


def version_record(version: DeckVersion) -> record.Record:
    """The wins, losses and draws logged with one version of a deck, in one query."""
    counts = dict(
        PlayedGame.objects.filter(deck_version=version)
        .values_list("result")
        .annotate(n=Count("pk"))
        .order_by()
    )
    return record.Record(counts.get("win", 0), counts.get("loss", 0), counts.get("draw", 0))


@dataclass(frozen=True)
class VersionLine:
    """One version's real record beside its goldfish, for the log page."""

    number: int
    played: record.Record
    win_turn: float | None
    goldfish: tuple[int, float] | None  # the latest run's median kill turn and the share won by then
    against_previous: record.VersionDifference | None


@never_cache
@require_http_methods(["GET", "POST"])
def game_log(request: HttpRequest, share_id: str) -> HttpResponse:
    """The log: a game recorded in a click (POST), what the log says, and the games."""
    deck = get_editable_deck(request, share_id)
    form = PlayedGameForm(request.POST or None, deck=deck)
    if request.method == "POST" and form.is_valid():
        game = _save(deck, form)
        messages.success(
            request, f"Recorded a {game.get_result_display().lower()} on {game.played_on:%d %b}."
        )
        return redirect("decks:game-log", share_id=deck.share_id)
    status = 400 if request.method == "POST" else 200
    return render(request, "decks/gamelog.html", log_context(request, deck, form), status=status)


def log_context(request: HttpRequest, deck: Deck, form: PlayedGameForm, **extra: Any) -> dict[str, Any]:
    games = logged_games(deck)
    summary = record.summarise(games)
    listed = deck.played_games.select_related("deck_version").order_by("-played_on", "-pk")
    return {
        "deck": deck,
        "is_owner": True,
        "form": form,
        "file_form": LogFileForm(),
        "opponents": opponent_choices(deck),
        "summary": summary,
        "versions": _version_lines(deck, summary),
        "charts": _charts(summary),
        "page": Paginator(listed, PER_PAGE).get_page(request.GET.get("page")),
        "shown": GameRecordShown.objects.filter(deck=deck).exists(),
        **extra,
    }


@never_cache
@require_http_methods(["GET", "POST"])
def edit_game(request: HttpRequest, share_id: str, played_id: int) -> HttpResponse:
    deck = get_editable_deck(request, share_id)
    game = _game(deck, played_id)
    form = PlayedGameForm(request.POST or None, instance=game, deck=deck)
    if request.method == "POST" and form.is_valid():
        _save(deck, form)
        messages.success(request, "Game saved.")
        return redirect("decks:game-log", share_id=deck.share_id)
    status = 400 if request.method == "POST" else 200
    context = {
        "deck": deck,
        "is_owner": True,
        "form": form,
        "game": game,
        "opponents": opponent_choices(deck),
    }
    return render(request, "decks/gamelog_edit.html", context, status=status)


@require_POST
def delete_game(request: HttpRequest, share_id: str, played_id: int) -> HttpResponse:
    deck = get_editable_deck(request, share_id)
    _game(deck, played_id).delete()
    messages.success(request, "Game deleted.")
    return redirect("decks:game-log", share_id=deck.share_id)


@require_POST
def show_record(request: HttpRequest, share_id: str) -> HttpResponse:
    """Show the totals on the deck page, or stop showing them."""
    deck = get_editable_deck(request, share_id)
    if request.POST.get("show") == "yes":
        GameRecordShown.objects.get_or_create(deck=deck)
    else:
        GameRecordShown.objects.filter(deck=deck).delete()
    return redirect(reverse("decks:game-log", args=[deck.share_id]) + "#sharing")


@require_GET
def export_log(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = get_editable_deck(request, share_id)
    games = deck.played_games.select_related("deck_version").order_by("played_on", "pk")
    text = write_log(_csv_game(g) for g in games)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="games-{deck.share_id}.csv"'
    return response


@require_POST
def import_log(request: HttpRequest, share_id: str) -> HttpResponse:
    """Add every game of a CSV file, or, when any line is bad, none: the page lists the bad lines."""
    deck = get_editable_deck(request, share_id)
    file_form = LogFileForm(request.POST, request.FILES)
    problems: list[LineProblem] = []
    if file_form.is_valid():
        try:
            games = read_log(file_form.cleaned_data["file"])
            added = _add_all(deck, games)
        except LogFileError as e:
            problems = e.problems
        else:
            messages.success(request, f"Imported {added} game{'s' if added != 1 else ''}.")
            return redirect("decks:game-log", share_id=deck.share_id)
    context = log_context(
        request,
        deck,
        PlayedGameForm(deck=deck),
        file_form=file_form,
        problems=problems[:MOST_PROBLEMS_SHOWN],
        more_problems=max(0, len(problems) - MOST_PROBLEMS_SHOWN),
    )
    return render(request, "decks/gamelog.html", context, status=400)


def _save(deck: Deck, form: PlayedGameForm) -> PlayedGame:
    game: PlayedGame = form.save(commit=False)
    return save_game(deck, game, form.cleaned_data.get("version"))


def save_game(deck: Deck, game: PlayedGame, version: int | None) -> PlayedGame:
    """Save a game of the deck with the version numbered `version` (one the deck has: the callers
    check), or without one, the version in force on the game's date. The pages and the API save here."""
    game.deck = deck
    picked = deck.versions.filter(number=version).first() if version else None
    game.deck_version = picked or version_in_force(deck, game.played_on)
    game.save()
    return game


@transaction.atomic
def _add_all(deck: Deck, games: list[CsvGame]) -> int:
    """Save the file's games, each with its version (checked first: a number the deck never had is a
    bad line, and nothing is saved)."""
    versions = {v.number: v for v in deck.versions.all()}
    unknown = [
        LineProblem(0, f"the deck has no version {g.version} (game of {g.played_on})")
        for g in games
        if g.version is not None and g.version not in versions
    ]
    if unknown:
        raise LogFileError(unknown)
    rows = [
        PlayedGame(
            deck=deck,
            deck_version=versions[g.version]
            if g.version is not None
            else version_in_force(deck, g.played_on),
            played_on=g.played_on,
            kind=g.kind,
            event=g.event,
            result=g.result,
            went_first=g.went_first,
            mulliganed=g.mulliganed,
            last_turn=g.last_turn,
            opponent=g.opponent,
            archetype=g.archetype,
            notes=g.notes,
        )
        for g in games
    ]
    PlayedGame.objects.bulk_create(rows)
    return len(rows)


def _csv_game(game: PlayedGame) -> CsvGame:
    return CsvGame(
        played_on=game.played_on,
        version=game.deck_version.number if game.deck_version else None,
        kind=game.kind,
        event=game.event,
        result=game.result,  # type: ignore[arg-type]  # the column's check constraint holds it to RESULTS
        went_first=game.went_first,
        mulliganed=game.mulliganed,
        last_turn=game.last_turn,
        opponent=game.opponent,
        archetype=game.archetype,
        notes=game.notes,
    )


def _game(deck: Deck, played_id: int) -> PlayedGame:
    game = deck.played_games.filter(pk=played_id).first()
    if game is None:
        raise Http404("No such game")
    return game


def _version_lines(deck: Deck, summary: record.LogSummary) -> list[VersionLine]:
    """Each version with games, newest first: its record, the turn its wins ended on, its latest goldfish
    run's kill turn, and the exact test against the version before it that has games."""
    numbers = [int(s.label) for s in summary.by_version]
    runs = (
        SimulationRun.objects.filter(
            deck=deck, deck_version__number__in=numbers, status=SimulationRun.Status.DONE
        )
        .select_related("deck_version")
        .order_by("-finished_at")
    )
    latest: dict[int, SimulationRun] = {}
    for run in runs:
        latest.setdefault(run.deck_version.number, run)  # type: ignore[union-attr]  # filtered on it
    against = {d.later: d for d in summary.versions}
    return [
        VersionLine(
            number=int(s.label),
            played=s.record,
            win_turn=summary.win_turn_by_version.get(int(s.label)),
            goldfish=median_kill(latest[int(s.label)]) if int(s.label) in latest else None,
            against_previous=against.get(int(s.label)),
        )
        for s in summary.by_version
    ]


def _charts(summary: record.LogSummary) -> list[charts.IntervalChart]:
    def rows(splits: list[record.Split], label: Any = str) -> list[tuple[str, int, int, float, float]]:
        return [(label(s.label), s.record.wins, s.record.games, *s.record.interval) for s in splits]

    if not summary.total.games:
        return []
    shown = [
        charts.interval_chart(
            "Win rate by play order and hand",
            rows(summary.by_order, _order_words) + rows(summary.by_hand, str.capitalize),
        ),
        charts.interval_chart("Win rate by opponent", rows(summary.by_opponent[:8])),
        charts.interval_chart("Win rate by version", rows(summary.by_version, lambda n: f"Version {n}")),
    ]
    return shown


def _order_words(label: str) -> str:
    return f"Going {label}"
