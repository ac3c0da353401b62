"""Forms of the deck lists and the deck settings page; each cleans and normalises its input."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.text import slugify

import engine
from decks.builder.forms import NameField, format_choices, format_label, set_choices
from decks.models import Deck, DeckTag

MAX_DESCRIPTION = 2000


def _game_choices() -> list[tuple[str, str]]:
    return [("", "Any game"), *((game_id, rules.short_name) for game_id, rules in engine.GAMES.items())]


def _one_line(value: str) -> str:
    """Runs of whitespace (pasted tabs, line breaks) become one space."""
    return " ".join(value.split())


class DeckSettingsForm(forms.Form):
    name = NameField(label="Name", max_length=200)
    description = forms.CharField(
        label="Description",
        required=False,
        max_length=MAX_DESCRIPTION,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="Shown on the deck page and in link previews.",
    )
    visibility = forms.ChoiceField(
        label="Who can see it", choices=Deck.Visibility.choices, widget=forms.RadioSelect
    )
    format = forms.ChoiceField(label="Format")
    tags = forms.CharField(
        label="Tags",
        required=False,
        max_length=200,
        help_text=f"Up to {DeckTag.MAX_PER_DECK} words the public deck search finds it by, "
        "separated by commas "
        "(e.g. aggro, wind tempo).",
    )

    def __init__(self, *args: Any, game_id: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["format"], format_choices(game_id))

    def clean_tags(self) -> list[str]:
        words = [slugify(w) for w in self.cleaned_data["tags"].split(",")]
        tags = list(dict.fromkeys(w[:30] for w in words if w))
        if len(tags) > DeckTag.MAX_PER_DECK:
            raise forms.ValidationError(f"At most {DeckTag.MAX_PER_DECK} tags, not {len(tags)}.")
        return tags

    def clean_description(self) -> str:
        # Keep the player's paragraphs, drop trailing spaces and Windows line ends.
        lines = self.cleaned_data["description"].replace("\r\n", "\n").split("\n")
        return "\n".join(line.rstrip() for line in lines).strip()


def _colour_choices() -> list[tuple[str, str]]:
    seen: dict[str, None] = {}
    for rules in engine.GAMES.values():
        for colour in rules.colors:
            seen.setdefault(colour)
    return [("", "Any"), *((c, c.capitalize()) for c in seen)]


SORTS = {
    "newest": ("Newest", "-created_at"),
    "favourites": ("Most favourited", "-favourite_count"),
    "views": ("Most viewed", "-view_count"),
    "forks": ("Most forked", "-fork_count"),
    "updated": ("Recently changed", "-updated_at"),
}


def _format_choices() -> list[tuple[str, str]]:
    seen = {f: format_label(f) for rules in engine.GAMES.values() for f in rules.formats}
    return [("", "Any"), *seen.items()]


MISSING = (1, 2, 3, 5, 10, 20)  # the "missing at most N cards" the public deck search offers


class PublicDecksForm(forms.Form):
    """Filters of the public deck search; every field is optional and an empty form lists every deck."""

    q = forms.CharField(label="Deck name", required=False, max_length=100)
    game = forms.ChoiceField(label="Game", required=False, choices=_game_choices)
    format = forms.ChoiceField(label="Format", required=False, choices=_format_choices)
    legal = forms.BooleanField(label="Legal only", required=False)
    card = forms.CharField(label="Plays the card", required=False, max_length=100)
    leader = forms.CharField(label="Leader or captain", required=False, max_length=100)
    colour = forms.ChoiceField(label="Colour or element", required=False)
    owner = forms.CharField(label="Builder", required=False, max_length=150)
    tag = forms.SlugField(label="Tag", required=False, max_length=30)
    sort = forms.ChoiceField(
        label="Sort by", required=False, choices=[(k, label) for k, (label, _) in SORTS.items()]
    )
    missing = forms.TypedChoiceField(
        label="My cards",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[
            ("", "Any deck"),
            (0, "Decks I can build now"),
            *((n, f"Missing at most {n} cards") for n in MISSING),
        ],
    )
    page = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(self, *args: Any, viewer: User | None = None, **kwargs: Any) -> None:
        """`viewer`: the signed-in user, whose collection "My cards" reads (a visitor has none)."""
        super().__init__(*args, **kwargs)
        self.viewer = viewer
        if viewer is None:
            del self.fields["missing"]
        set_choices(self.fields["colour"], _colour_choices())
        self.fields["q"].widget.attrs.update(type="search", placeholder="e.g. wind, control")
        self.fields["card"].widget.attrs.update(placeholder="a number or a name")
        self.fields["leader"].widget.attrs.update(placeholder="e.g. Son Goku")
        self.fields["tag"].widget.attrs.update(placeholder="e.g. aggro")

    def clean_q(self) -> str:
        return _one_line(self.cleaned_data["q"])

    def clean_card(self) -> str:
        return _one_line(self.cleaned_data["card"])

    def clean_leader(self) -> str:
        return _one_line(self.cleaned_data["leader"])

    def clean_owner(self) -> str:
        return _one_line(self.cleaned_data["owner"])

    def clean_tag(self) -> str:
        return self.cleaned_data["tag"].lower()

    def ordering(self) -> str:
        return SORTS[self.cleaned_data.get("sort") or "newest"][1]


class CardSearchForm(forms.Form):
    """Which public decks play a card: a card number (any printing) or part of a card's name."""

    card = forms.CharField(label="Card number or name", max_length=100)
    game = forms.ChoiceField(label="Game", required=False, choices=_game_choices)
    page = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["card"].widget.attrs.update(type="search", placeholder="e.g. 1-001H or Cloud")

    def clean_card(self) -> str:
        card = _one_line(self.cleaned_data["card"])
        if not card:
            raise forms.ValidationError("Type a card number or name.", code="blank")
        return card


MY_DECK_ORDERS = {"updated": "-updated_at", "name": "name", "game": "game_id", "created": "-created_at"}


class MyDecksForm(forms.Form):
    """My decks: which game and format, and in what order; kept in the address like every list."""

    game = forms.ChoiceField(label="Game", required=False, choices=_game_choices)
    format = forms.ChoiceField(label="Format", required=False)
    sort = forms.ChoiceField(
        label="Sort by",
        required=False,
        choices=[("updated", "Last changed"), ("name", "Name"), ("game", "Game"), ("created", "Created")],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        formats = sorted({f for rules in engine.GAMES.values() for f in rules.formats})
        set_choices(self.fields["format"], [("", "Any format"), *((f, format_label(f)) for f in formats)])
