"""The deck page: the editor for its owner, the same page read-only for anyone else who may see it.

One template, decks/deck.html, with a partial for each part that changes on its own: the deck list,
the legality panel, the charts, the statistics panel, the sample hand and the card browser's results.
A +/- click answers with the list and, out of band, everything the count changes. Every GET view
renders the whole page to a request without htmx, and every POST redirects, so the page works with
JavaScript turned off.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engine
from decks import convert
from decks.builder import deckpage, picture, search, services, sheet
from decks.builder.access import get_editable_deck, get_viewable_deck, owns, session_key
from decks.builder.forms import (
    CardSearchForm,
    CountForm,
    FormatForm,
    HandForm,
    ImportForm,
    NewDeckForm,
    StatsForm,
)
from decks.cards.collection import account
from decks.cards.views import search_page
from decks.models import Deck
from decks.web import page_cache
from decks.web.navigation import remember_game
from decks.web.requests import HtmxHttpRequest
from engine.decklist import LineProblem, export_decklist
from engine.decklist_formats import written_formats

TEMPLATE = "decks/deck.html"
# The query parameters the read-only deck page reads (_context): the odds panel's, with the cards picked
# for its groups (StatsForm.clean), and the sample hand's. The page cache keys on these alone.
DECK_PAGE_QUERY = (*StatsForm.base_fields, "pick", *HandForm.base_fields)


@require_http_methods(["GET", "POST"])
def new_deck(request: HttpRequest, game_id: str) -> HttpResponse:
    """A new deck for the signed-in user or the anonymous session, empty or from a pasted list."""
    if game_id not in engine.GAMES:
        raise Http404("No such game")
    remember_game(request, game_id)
    form = NewDeckForm(request.POST or None, request.FILES or None, game_id=game_id)
    if request.method == "POST" and form.is_valid():
        owner = request.user.pk if request.user.is_authenticated else None
        key = "" if owner else session_key(request)
        name = form.cleaned_data["name"]
        contents = form.cleaned_data["deck"]
        if contents is None:
            deck = services.create_deck(
                game_id=game_id,
                name=name,
                owner_id=owner,
                session_key=key,
                format=form.cleaned_data["format"],
            )
        else:
            deck = services.create_deck_with_cards(
                game_id=game_id, name=name, owner_id=owner, session_key=key, contents=contents
            )
            if form.problems:  # the deck holds what could be read; the rest is for the player to fix
                return _saved_with_problems(request, deck, form)
            _say_read_as(request, form, deck)
        return redirect("decks:deck", share_id=deck.share_id)
    context = {"form": form, "rules": engine.get_game(game_id), "games": engine.game_choices()}
    return render(request, "decks/new_deck.html", context)


@require_GET
def deck_page(request: HttpRequest, share_id: str) -> HttpResponse:
    """The editor for the owner; for anyone else the read-only page, from the page cache."""
    deck = get_viewable_deck(request, share_id)
    remember_game(request, deck.game_id)
    if owns(request, deck):
        response = render(request, TEMPLATE, _context(request, deck, request.GET))
        add_never_cache_headers(response)
        return response
    search.count_view(deck)

    def render_page(csrf_token: str | None) -> HttpResponse:
        context = _context(request, deck, request.GET)
        if csrf_token is not None:
            context["csrf_token"] = csrf_token
        return render(request, TEMPLATE, context)

    return page_cache.cached_page(request, page_cache.deck_facts(deck), render_page, reads=DECK_PAGE_QUERY)


@never_cache
@require_GET
def deck_cards(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    """The card browser's results beside the deck."""
    deck = get_viewable_deck(request, share_id)
    if not request.htmx:
        return render(request, TEMPLATE, _context(request, deck, request.GET))
    return render(request, "decks/cards.html#results", _browser_context(request, deck, request.GET))


@never_cache
@require_GET
def deck_stats(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    return _panel(request, share_id, "stats")


@never_cache
@require_GET
def deck_hand(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    return _panel(request, share_id, "hand")


def _panel(request: HtmxHttpRequest, share_id: str, partial: str) -> HttpResponse:
    """One panel of the deck page for htmx, the whole page otherwise."""
    deck = get_viewable_deck(request, share_id)
    # The partial has no card browser: only a full page (no htmx) needs its results.
    context = _context(request, deck, request.GET, with_browser=not request.htmx)
    return render(request, _template(request, partial), context)


@require_POST
def deck_count(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    """Add or remove copies of a card; answer with the list, the verdict, the charts and the odds."""
    deck = get_editable_deck(request, share_id)
    form = CountForm(request.POST, game_id=deck.game_id)
    error = ""
    if form.is_valid():
        try:
            services.change_card_count(
                deck, form.cleaned_data["card"], form.cleaned_data["section"], form.cleaned_data["delta"]
            )
        except services.DeckChangeError as e:
            error = str(e)
    else:
        error = " ".join(str(m) for messages in form.errors.values() for m in messages)
    if not request.htmx:
        return redirect(deck.get_absolute_url() + "#deck-list")
    context = _context(request, deck, request.POST, with_browser=False)
    context["count_error"] = error
    return render(request, f"{TEMPLATE}#live", context)


@require_POST
def deck_format(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    deck = get_editable_deck(request, share_id)
    form = FormatForm(request.POST, game_id=deck.game_id)
    if form.is_valid():
        services.set_format(deck, form.cleaned_data["format"])
    if not request.htmx:
        return redirect("decks:deck", share_id=deck.share_id)
    return render(request, f"{TEMPLATE}#live", _context(request, deck, request.POST, with_browser=False))


@require_http_methods(["GET", "POST"])
def deck_import(request: HttpRequest, share_id: str) -> HttpResponse:
    """Replace the deck's cards with a pasted list or a deck file. The lines that can be read are saved;
    the others are listed for the player to fix, with the list as pasted left in the box."""
    deck = get_editable_deck(request, share_id)
    form = ImportForm(request.POST or None, request.FILES or None, game_id=deck.game_id, format=deck.format)
    if request.method == "POST" and form.is_valid():
        try:
            services.replace_cards(deck, form.cleaned_data["deck"])
        except (engine.UnknownCardError, services.DeckChangeError) as e:
            form.add_error(None, f"Nothing was saved: {e}")
        else:
            if not form.problems:
                _say_read_as(request, form, deck)
                return redirect("decks:deck", share_id=deck.share_id)
            return _saved_with_problems(request, deck, form)
    context = {"deck": deck, "form": form, "rules": engine.get_game(deck.game_id), "saved": False}
    if request.method == "GET" and (left := request.session.pop(_unread_key(deck), None)):
        context |= _unread_context(deck, left)
    return render(request, "decks/import.html", context)


def _say_read_as(request: HttpRequest, form: ImportForm, deck: Deck) -> None:
    """Tell the player, on the deck page the import leads to, how the paste was understood."""
    count = sum(e.count for e in deck.entries.all())
    messages.success(request, f"{form.read_as}: {count} card{'s' if count != 1 else ''} saved.")


def _unread_key(deck: Deck) -> str:
    return f"unread-lines:{deck.share_id}"


def _saved_with_problems(request: HttpRequest, deck: Deck, form: ImportForm) -> HttpResponse:
    """A list saved but for some lines: the import page lists those for the player to fix, the list as
    pasted back in its box. It is reached by a redirect, so reloading it saves nothing a second time (a
    reload after "Create the deck" made a second deck); the session carries the lines to that one GET."""
    request.session[_unread_key(deck)] = {
        "text": form.cleaned_data.get("text") or "",
        "problems": [{"line": p.line, "text": p.text, "reason": p.reason} for p in form.problems],
        "more_problems": form.more_problems,
        "read_as": form.read_as,
    }
    return redirect("decks:deck-import", share_id=deck.share_id)


def _unread_context(deck: Deck, left: dict[str, Any]) -> dict[str, Any]:
    form = ImportForm(initial={"text": left["text"]}, game_id=deck.game_id, format=deck.format)
    form.problems = [LineProblem(**p) for p in left["problems"]]
    form.more_problems = left["more_problems"]
    form.read_as = left.get("read_as", "")
    return {"form": form, "saved": True, "saved_count": sum(e.count for e in deck.entries.all())}


@require_GET
def deck_export(request: HttpRequest, share_id: str) -> HttpResponse:
    """The deck as text in each format its players paste elsewhere, with a copy button."""
    deck = get_viewable_deck(request, share_id)
    formats = written_formats(deck.game_id)
    asked = request.GET.get("format", "")
    style = asked if asked in formats else next(iter(formats))
    context = {
        "deck": deck,
        "is_owner": owns(request, deck),
        "formats": formats.items(),
        "style": style,
        "text": export_decklist(convert.deck_to_engine(deck), style),
    }
    return render(request, "decks/export.html", context)


@require_GET
def deck_visual(request: HttpRequest, share_id: str) -> HttpResponse:
    """The deck as card faces, a second view of its list: by section, then by card type, with counts."""
    deck = get_viewable_deck(request, share_id)
    context = {"deck": deck, "is_owner": owns(request, deck), "sections": deckpage.face_sections(deck)}
    return render(request, "decks/visual.html", context)


@require_GET
def deck_export_text(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = get_viewable_deck(request, share_id)
    style = request.GET.get("format", "")
    if style and style not in written_formats(deck.game_id):
        raise Http404("No such export format")
    text = export_decklist(convert.deck_to_engine(deck), style)
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


@require_GET
def deck_picture(request: HttpRequest, share_id: str) -> HttpResponse:
    """The deck as a PNG to post (`?size=post`, 1080×1350) or for link previews (the default, 1200×630),
    for anyone who may open the deck; `?download=1` saves it as a file."""
    deck = get_viewable_deck(request, share_id)
    size = request.GET.get("size", "preview")
    if size not in picture.SIZES:
        raise Http404("No such picture size")
    response = HttpResponse(picture.deck_picture(deck, size), content_type="image/png")
    if request.GET.get("download"):
        name = slugify(deck.name) or "deck"
        response["Content-Disposition"] = f'attachment; filename="{name}-{size}.png"'
    return response


@require_GET
def deck_sheet(request: HttpRequest, share_id: str) -> HttpResponse:
    """The tournament registration sheet as a PDF, on A4 (the default) or `?paper=letter`, with the
    player's name filled in from `?player=` when given."""
    deck = get_viewable_deck(request, share_id)
    paper = request.GET.get("paper", "a4")
    if paper not in sheet.PAPERS:
        raise Http404("No such paper size")
    player = " ".join(request.GET.get("player", "").split())[:100]
    response = HttpResponse(sheet.registration_sheet(deck, paper, player), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(deck.name) or "deck"}-registration.pdf"'
    return response


@require_GET
def deck_file(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = get_viewable_deck(request, share_id)
    response = HttpResponse(engine.dump_deck(convert.deck_to_engine(deck)), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{_filename(deck)}.json"'
    return response


def _template(request: HtmxHttpRequest, partial: str) -> str:
    return f"{TEMPLATE}#{partial}" if request.htmx else TEMPLATE


def _filename(deck: Deck) -> str:
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in deck.name).strip("-")[:60]
    return safe or f"deck-{deck.share_id}"


def _context(
    request: HttpRequest, deck: Deck, data: QueryDict, *, with_browser: bool = True
) -> dict[str, Any]:
    """Everything the page shows; `data` carries the statistics query and the hand's state."""
    page = deckpage.build(deck)
    search.refresh_facts(deck, page.report, page.contents)  # a verdict stale since a ban list changed
    is_owner = owns(request, deck)
    numbers = {e.card for e in page.contents.entries(page.rules.main_section)}
    stats_form = StatsForm(data, numbers=numbers)
    stats_form.is_valid()
    stats = deckpage.stats_panel(
        page,
        mulligan=stats_form.cleaned_data["mulligan"],
        order=stats_form.cleaned_data["order"],
        turns=stats_form.cleaned_data["turns"],
        groups=stats_form.cleaned_data["groups"],
        at_least=stats_form.cleaned_data["at_least"],
    )
    hand_form = HandForm(data)
    hand_form.is_valid()
    h = hand_form.cleaned_data
    hand = deckpage.sample_hand(
        page,
        seed=h["seed"],
        mulligan=bool(h.get("mull")),
        back=list(h.get("back") or []),
        redraw=bool(h.get("redraw")),
        turns=h["turns"],
        going=h["going"],
    )
    context: dict[str, Any] = {
        "deck": deck,
        "page": page,
        "rules": page.rules,
        "is_owner": is_owner,
        "stats": stats,
        "stats_form": stats_form,
        "hand": hand,
        "format_form": FormatForm(initial={"format": deck.format}, game_id=deck.game_id),
        "formats": len(page.rules.formats) > 1,
        "tags": list(deck.tags.values_list("name", flat=True)),
    }
    if is_owner and with_browser:
        context |= _browser_context(request, deck, data)
    return context


def _browser_context(request: HttpRequest, deck: Deck, data: QueryDict) -> dict[str, Any]:
    """The card browser beside the deck: results with a button for each section a card may go to and the
    copies the deck already has; in a game whose Leader bounds the colours (DBS FW), only cards the
    Leader allows unless the player asks for every colour."""
    rules = engine.get_game(deck.game_id)
    form = CardSearchForm(data or None, game_id=deck.game_id, viewer=account(request))
    fit_colours: list[str] = []
    fit = data.get("fit", "leader") if data else "leader"
    if rules.colour_source_section and fit != "any":
        leader = deck.entries.filter(section=rules.colour_source_section).select_related("card").first()
        fit_colours = list(leader.card.colors) if leader else []
    found = search_page(deck.game_id, form, fit_colours)
    results = found.page
    labels = {s.id: s.label for s in rules.sections}
    in_deck = {
        (section, number): n
        for section, number, n in deck.entries.values_list("section", "card__number", "count")
    }
    rows = [
        {
            "card": card,
            "add": [
                (section, labels[section], in_deck.get((section, card.number), 0))
                for section in rules.sections_for_card(deck.format, card.type, card.keywords)
            ],
        }
        for card in results
    ]
    return {
        "deck": deck,
        "is_owner": owns(request, deck),
        "form": form,
        "results": results,
        "did_you_mean": found.did_you_mean,
        "result_rows": rows,
        "results_url": reverse("decks:deck-cards", args=[deck.share_id]),
        "fit": fit if rules.colour_source_section else None,
    }
