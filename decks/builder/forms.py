"""Forms of the deck builder: they clean input and turn engine errors into form errors."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

import engine
from decks import convert
from decks.builder import services
from decks.models import Card, CardSet
from engine import stats
from engine.deckfile import MAX_COUNT, MAX_FILE_BYTES
from engine.decklist import LineProblem, read_decklist
from engine.games.base import GameRules
from engine.inputs import clean_name
from engine.stats import MulliganPolicy

GROUPS = ("A", "B", "C")
DEFAULT_TURNS = 5  # the statistics panel's last own turn unless the player asks for more
MAX_HAND_TURNS = 20


# How a card list may be ordered: choice -> (label, the Card fields to order by).
CARD_ORDERS = {
    "number": ("Number", ("number",)),
    "name": ("Name", ("name", "number")),
    "cost": ("Cost", ("cost", "name")),
    "power": ("Power", ("-power", "name")),
}
SORTS = [(key, label) for key, (label, _) in CARD_ORDERS.items()]


def set_choices(field: forms.Field, choices: Iterable[tuple[Any, str]]) -> None:
    """Give a choice field the choices that depend on the game, when the form is made."""
    if not isinstance(field, forms.ChoiceField):
        raise TypeError(f"{field!r} has no choices")
    field.choices = list(choices)


class NameField(forms.CharField):
    """A name or title (of a deck, an API key): one line, without the characters that hide or reorder
    text (engine.inputs.clean_name), so it shows as what it is wherever others read it."""

    def to_python(self, value: Any) -> str:
        return " ".join(clean_name(super().to_python(value) or "").split())


def format_label(format: str) -> str:
    """A format id as a select shows it: "blitz-shield" -> "Blitz shield"."""
    return format.replace("-", " ").capitalize()


def format_choices(game_id: str) -> list[tuple[str, str]]:
    return [(f, format_label(f)) for f in engine.get_game(game_id).formats]


class CardSearchForm(forms.Form):
    """The card browser's filters; every field is optional and an empty form lists every card."""

    q = forms.CharField(label="Name, number or text", required=False, max_length=100)
    type = forms.ChoiceField(label="Type", required=False)
    color = forms.MultipleChoiceField(label="Colour", required=False, widget=forms.CheckboxSelectMultiple)
    rarity = forms.ChoiceField(label="Rarity", required=False)
    cost_min = forms.IntegerField(
        label="Cost from", required=False, min_value=0, max_value=GameRules.MAX_COST
    )
    cost_max = forms.IntegerField(label="Cost to", required=False, min_value=0, max_value=GameRules.MAX_COST)
    # Bounded by what a printed card can have: past the database's integers a filter would fail.
    power_min = forms.IntegerField(
        label="Power from", required=False, min_value=0, max_value=GameRules.MAX_POWER
    )
    power_max = forms.IntegerField(
        label="Power to", required=False, min_value=0, max_value=GameRules.MAX_POWER
    )
    card_set = forms.ChoiceField(label="Set", required=False)
    keyword = forms.CharField(label="Keyword", required=False, max_length=50)
    sort = forms.ChoiceField(label="Sort by", required=False, choices=SORTS)
    owned = forms.BooleanField(label="Owned only", required=False)
    page = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(self, *args: Any, game_id: str, viewer: User | None = None, **kwargs: Any) -> None:
        """`viewer`: the signed-in user, whose collection "Owned only" reads (a visitor has none)."""
        super().__init__(*args, **kwargs)
        self.viewer = viewer
        if viewer is None:
            del self.fields["owned"]
        rules = engine.get_game(game_id)
        set_choices(self.fields["type"], [("", "Any type"), *((t, t.capitalize()) for t in rules.card_types)])
        self.fields["color"].label = rules.color_word
        colours = rules.colors or sorted(_attributes(game_id))
        set_choices(self.fields["color"], [(c, c.capitalize()) for c in colours])
        if rules.rarities:
            set_choices(self.fields["rarity"], [("", "Any rarity"), *((r, r) for r in rules.rarities)])
        else:
            del self.fields["rarity"]
        sets = CardSet.objects.filter(game_id=game_id).values_list("code", "name")
        set_choices(
            self.fields["card_set"],
            [
                ("", "Any set"),
                *((code, f"{code} {name}") for code, name in sets),
            ],
        )
        word = engine.get_game(game_id).power_word
        self.fields["power_min"].label, self.fields["power_max"].label = f"{word} from", f"{word} to"
        for name in ("cost_min", "cost_max", "power_min", "power_max"):
            self.fields[name].widget.attrs["inputmode"] = "numeric"
        self.fields["q"].widget.attrs.update(
            type="search", autocomplete="off", placeholder="e.g. knight, FX-001, haste"
        )


def _attributes(game_id: str) -> set[str]:
    """Colour tags a game prints without a fixed list (Fire Force attributes), from its cards."""
    found: set[str] = set()
    for colours in Card.objects.filter(game_id=game_id).values_list("colors", flat=True).distinct()[:500]:
        found.update(colours or ())
    return found


class CountForm(forms.Form):
    """One click on + or -: which card, in which section, and how many copies to add (negative: remove)."""

    card = forms.CharField(max_length=32)
    section = forms.CharField(max_length=16)
    delta = forms.IntegerField(min_value=-MAX_COUNT, max_value=MAX_COUNT)

    def __init__(self, *args: Any, game_id: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_id = game_id

    def clean_card(self) -> Card:
        number = self.cleaned_data["card"]
        card = Card.objects.filter(game_id=self.game_id, number=number).first()
        if card is None:
            raise ValidationError(f"No card numbered {number} in this game.", code="unknown")
        return card

    def clean_section(self) -> str:
        section = self.cleaned_data["section"]
        if section not in engine.get_game(self.game_id).section_ids:
            raise ValidationError(f"Unknown section {section!r}.", code="section")
        return section


class FormatForm(forms.Form):
    format = forms.ChoiceField(label="Format")

    def __init__(self, *args: Any, game_id: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_choices(self.fields["format"], format_choices(game_id))


class ImportForm(forms.Form):
    """A pasted decklist or a deck file (JSON, uploaded or pasted): either gives an engine deck.

    `problems` holds the lines of a decklist that could not be read, by number, up to
    engine.decklist.MAX_REPORTED_PROBLEMS; `more_problems` counts the others. The form stays valid
    while at least one line could be read: `deck` is then what could, which the view saves, showing the
    player the other lines to fix (the list as pasted stays in the box, so importing it again, fixed,
    replaces the deck with all of it). A list of which no line could be read is invalid.
    """

    text = forms.CharField(
        label="Decklist or deck file",
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        help_text="One card a line: “3 Name (NUMBER)”, “3x NUMBER” or “NUMBER x3”; or a deck file’s JSON.",
    )
    file = forms.FileField(label="…or upload a deck file (.json) or a text list", required=False)

    def __init__(self, *args: Any, game_id: str, format: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_id, self.deck_format = game_id, format
        self.problems: list[LineProblem] = []
        self.more_problems = 0
        self.read_as = ""  # "Read as a DeckPlanet list": which site's format the text was read as

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        upload = cleaned.get("file")
        if upload is not None:
            if upload.size > MAX_FILE_BYTES:
                raise ValidationError("The file is too large for a deck.", code="too-large")
            source = upload.read().decode("utf-8", errors="replace")
        else:
            source = cleaned.get("text") or ""
        if not source.strip():
            raise ValidationError("Paste a decklist or choose a file.", code="empty")
        cleaned["deck"] = self._read(source)
        return cleaned

    def _read(self, source: str) -> engine.Deck:
        if source.lstrip().startswith("{"):
            try:
                deck = engine.load_deck(source, lookup=convert.lookup_cards, game=self.game_id)
                # A file may describe cards the database lacks; a deck can hold only cards it has.
                services.stored_cards(deck)
            except engine.DeckFileError as e:  # UnknownCardError and UnknownGameError among them
                raise ValidationError(f"This deck file cannot be read: {e}", code="deck-file") from e
            self.read_as = "Read as a deck file"
            return deck
        read = read_decklist(source, self.game_id, convert.DatabaseCatalog(), format=self.deck_format or None)
        self.problems, self.more_problems = read.problems, read.more_problems
        self.read_as = (
            read.list_format.read_as if read.list_format else "Read line by line (no one site's format)"
        )
        if not any(read.deck.sections.values()):
            n = len(read.problems) + read.more_problems
            raise ValidationError(
                f"{n} line{'s' if n != 1 else ''} could not be read, and no other line names a card.",
                code="lines",
            )
        return read.deck


class NewDeckForm(ImportForm):
    """A new deck: a name and a format, and optionally a list to start from."""

    name = NameField(label="Deck name", max_length=200, required=False)
    format = forms.ChoiceField(label="Format", required=False)

    field_order = ("name", "format", "text", "file")

    def __init__(self, *args: Any, game_id: str, **kwargs: Any) -> None:
        super().__init__(*args, game_id=game_id, **kwargs)
        set_choices(self.fields["format"], format_choices(game_id))
        self.fields["text"].label = "Start from a decklist or deck file (optional)"
        self.fields["text"].widget.attrs["rows"] = 8

    def clean(self) -> dict[str, Any]:
        self.deck_format = self.cleaned_data.get("format") or engine.get_game(self.game_id).formats[0]
        self.cleaned_data["format"] = self.deck_format
        has_list = bool((self.cleaned_data.get("text") or "").strip() or self.cleaned_data.get("file"))
        if not has_list:
            return self.cleaned_data | {"deck": None}
        return super().clean()


class StatsForm(forms.Form):
    """The statistics panel: mulligan policy, play order shown, and up to three groups to hold at once.

    Each card row has a select named `pick` whose value is "<group>:<number>" (or empty); each group
    has its own "at least" count. The query asks for every chosen group at once (an AND).
    """

    mulligan = forms.ChoiceField(
        label="Mulligan",
        choices=[
            (MulliganPolicy.NEVER, "Never"),
            (MulliganPolicy.IF_MISSING, "If the hand misses the cards"),
        ],
        required=False,
    )
    order = forms.ChoiceField(
        label="Play order", choices=[("first", "Going first"), ("second", "Going second")], required=False
    )
    turns = forms.IntegerField(label="Turns", min_value=1, max_value=stats.MAX_TURNS, required=False)
    k_A = forms.IntegerField(label="At least (A)", min_value=1, max_value=60, required=False)
    k_B = forms.IntegerField(label="At least (B)", min_value=1, max_value=60, required=False)
    k_C = forms.IntegerField(label="At least (C)", min_value=1, max_value=60, required=False)

    def __init__(self, *args: Any, numbers: set[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.numbers = numbers

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        cleaned["mulligan"] = cleaned.get("mulligan") or MulliganPolicy.NEVER
        cleaned["order"] = cleaned.get("order") or "first"
        cleaned["turns"] = cleaned.get("turns") or DEFAULT_TURNS
        groups: dict[str, list[str]] = {g: [] for g in GROUPS}
        for value in self.data.getlist("pick") if hasattr(self.data, "getlist") else []:
            group, _, number = value.partition(":")
            if group in groups and number in self.numbers and number not in sum(groups.values(), []):
                groups[group].append(number)
        cleaned["groups"] = {g: cards for g, cards in groups.items() if cards}
        cleaned["at_least"] = {g: cleaned.get(f"k_{g}") or 1 for g in GROUPS}
        return cleaned


class HandForm(forms.Form):
    """The sample hand's state, carried in the query string: seed, mulligan, cards returned, turns drawn.

    `mull` redraws a whole hand (not `mulligan`: the statistics panel's field is sent along with it);
    `redraw` is GBF's partial one, returning the positions in `back`.
    """

    seed = forms.IntegerField(min_value=0, max_value=2**63 - 1, required=False, widget=forms.HiddenInput)
    mull = forms.BooleanField(required=False, widget=forms.HiddenInput)
    back = forms.TypedMultipleChoiceField(
        label="Cards to return", coerce=int, required=False, choices=[(i, i) for i in range(10)]
    )
    redraw = forms.BooleanField(required=False, widget=forms.HiddenInput)
    turns = forms.IntegerField(
        min_value=0, max_value=MAX_HAND_TURNS, required=False, widget=forms.HiddenInput
    )
    going = forms.ChoiceField(choices=[("first", "first"), ("second", "second")], required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("seed") is None:
            cleaned["seed"] = secrets.randbits(48)  # a new hand; the seed then travels in every link
        cleaned["turns"] = cleaned.get("turns") or 0
        cleaned["going"] = cleaned.get("going") or "first"
        return cleaned
