"""The forms of a deck's game log: one game (recorded in a click: every field but the result has a
default) and the CSV file."""

from __future__ import annotations

from typing import Any

from django import forms

import engine
from decks.models import Card, Deck, PlayedGame

# The sections that hold the card a player names an opponent by (as the public deck search reads them).
LEADER_SECTIONS = ("leader", "captain")
MAX_FILE_BYTES = 1_000_000


class PlayedGameForm(forms.ModelForm):
    """A game. `version` is a version number, empty for the one in force on the game's date (today's:
    the current one); the view turns it into the DeckVersion."""

    version = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label="Deck version")
    went_first = forms.TypedChoiceField(
        label="Play order",
        choices=((True, "Going first"), (False, "Going second")),
        coerce=lambda v: v in (True, "True"),
        widget=forms.RadioSelect,
        initial=True,
    )
    mulliganed = forms.TypedChoiceField(
        label="Opening hand",
        choices=((False, "Kept"), (True, "Mulliganed")),
        coerce=lambda v: v in (True, "True"),
        widget=forms.RadioSelect,
        initial=False,
    )

    class Meta:
        model = PlayedGame
        fields = (
            "result",
            "played_on",
            "version",
            "kind",
            "event",
            "went_first",
            "mulliganed",
            "last_turn",
            "opponent",
            "archetype",
            "notes",
        )
        labels = {"played_on": "Date", "last_turn": "Ended on turn", "event": "Event name"}
        widgets = {
            "played_on": forms.DateInput(attrs={"type": "date"}),
            "kind": forms.RadioSelect,
            "result": forms.RadioSelect,
            "notes": forms.Textarea(attrs={"rows": 2}),
            "last_turn": forms.NumberInput(attrs={"min": 1, "max": 99, "inputmode": "numeric"}),
        }

    def __init__(self, *args: Any, deck: Deck, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        numbers = list(deck.versions.order_by("-number").values_list("number", "created_at"))
        version = self.fields["version"]
        assert isinstance(version, forms.ChoiceField)
        version.choices = [("", "The one in force on the date")] + [
            (n, f"Version {n} ({created:%d %b %Y})") for n, created in numbers
        ]
        self.fields["opponent"].widget.attrs.update({"list": "opponents", "autocomplete": "off"})
        self.fields["opponent"].label = _opponent_label(deck)
        if self.instance.pk and self.instance.deck_version_id:
            self.initial["version"] = self.instance.deck_version.number

    def clean_event(self) -> str:
        """A casual game has no event: a name typed before switching back to casual is dropped."""
        casual = self.cleaned_data.get("kind") == PlayedGame.Kind.CASUAL
        return "" if casual else str(self.cleaned_data["event"])


class LogFileForm(forms.Form):
    file = forms.FileField(label="CSV file", help_text="A header row, then one game a line.")

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(f"The file is larger than {MAX_FILE_BYTES // 1000} kB.")
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError("The file is not UTF-8 text (save it as “CSV UTF-8”).") from None


def _opponent_label(deck: Deck) -> str:
    """ "Opponent's Leader", "Opponent's captain", "Opponent's elements"; "Opponent" where a game has
    neither (Fire Force)."""
    rules = engine.get_game(deck.game_id)
    if "leader" in rules.section_ids:
        return "Opponent's Leader"
    if "captain" in rules.section_ids:
        return "Opponent's captain"
    return f"Opponent's {rules.color_word.lower()}s" if rules.colors else "Opponent"


def opponent_choices(deck: Deck) -> list[str]:
    """What the opponent box offers: the game's known Leaders or captains, else its colours or
    elements (a player may type anything else)."""
    rules = engine.get_game(deck.game_id)
    types = [s.holds for s in rules.sections if s.id in LEADER_SECTIONS and s.holds]
    if types:
        names = Card.objects.filter(game_id=deck.game_id, type__in=types).values_list("name", flat=True)
        return sorted(set(names))
    return [c.capitalize() for c in rules.colors]
