"""What the API reads and writes. Every input is bounded: lengths, counts, list sizes, numbers."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import AfterValidator, BaseModel, StringConstraints

import engine
from engine import goldfish, stats
from engine.deckfile import MAX_COUNT, MAX_ENTRIES, MAX_FILE_BYTES
from engine.games.base import ANY_CARD_NUMBER, GameRules
from engine.inputs import clean_name


def _printable(value: str) -> str:
    # PostgreSQL text cannot hold NUL, and no name, number or search needs a control character.
    if any(ord(c) < 32 and c not in "\t\n\r" for c in value):
        raise ValueError("control characters are not allowed")
    return value


PRINTABLE = AfterValidator(_printable)
Word = Annotated[str, StringConstraints(max_length=32), PRINTABLE]  # a share id, format id, card type, colour
SearchText = Annotated[str, StringConstraints(max_length=100), PRINTABLE]
# Names lose the characters that hide or reorder text (bidirectional overrides), as on every page.
DeckName = Annotated[str, StringConstraints(max_length=200), PRINTABLE, AfterValidator(clean_name)]
Description = Annotated[str, StringConstraints(max_length=5000), PRINTABLE]

if TYPE_CHECKING:
    GameName = str
else:
    GameName = Literal[tuple(engine.GAMES)]  # the registry's ids, as an enum in the schema
VisibilityName = Literal["private", "unlisted", "public"]
Going = Literal["first", "second"]
# Each game's own number pattern is checked where the game is known (engine.load_deck, the card lookups).
CardNumber = Annotated[
    str,
    StringConstraints(min_length=1, max_length=GameRules.MAX_NUMBER_LENGTH, pattern=rf"^{ANY_CARD_NUMBER}$"),
]
SectionName = Annotated[str, StringConstraints(min_length=1, max_length=16, pattern=r"^[a-z]+$")]
ParamName = Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_]*$")]
ParamValue = (
    bool
    | Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
    | Annotated[float, Field(ge=-1_000_000, le=1_000_000, allow_inf_nan=False)]  # a share: GBF's p_crew
    | Annotated[str, StringConstraints(max_length=40), PRINTABLE]
)

MAX_GROUPS = 10
MAX_GROUP_CARDS = 60


class Input(BaseModel):
    """A request body or a part of one: a plain pydantic model, which takes only a JSON object. Ninja's
    Schema reads attributes off any value, so it would take a body of `false` as an object with every
    field unset."""


class Error(Schema):
    detail: Any = Field(description="What went wrong: a message, or a list of input errors.")


# --- Cards ----------------------------------------------------------------------------------------------


class CardOut(Schema):
    game: str = Field(alias="game_id")
    number: str
    base_number: str
    name: str
    type: str
    colors: list[str]
    cost: int | None
    power: int | None
    traits: list[str]
    keywords: list[str]
    text: str
    image_url: str
    data: dict[str, Any]


class CardPage(Schema):
    count: int
    limit: int
    offset: int
    items: list[CardOut]


# --- Decks ----------------------------------------------------------------------------------------------


class EntryIn(Input):
    card: CardNumber
    count: int = Field(ge=1, le=MAX_COUNT)


Sections = Annotated[
    dict[SectionName, Annotated[list[EntryIn], Field(max_length=MAX_ENTRIES)]], Field(max_length=4)
]


class DeckIn(Input):
    game: GameName
    name: DeckName = ""
    description: Description = ""
    format: Word = Field("", description="The game's format id; empty means its first format.")
    visibility: VisibilityName = "private"
    sections: Sections = Field(default_factory=dict, description="As in a deck file.")


class DeckPatch(Input):
    name: DeckName | None = None
    description: Description | None = None
    format: Word | None = None
    visibility: VisibilityName | None = None
    sections: Sections | None = Field(None, description="Replaces every card of the deck.")
    new_version: bool = Field(
        False,
        description="Make a change to the cards or format a version of its own, so it can be restored "
        "or diffed alone. Otherwise a change by the same editor within five minutes of the latest "
        "version's last change folds into that version (see `folded` in the answer).",
    )


class EntryOut(Schema):
    card: str
    name: str
    count: int


class DeckSummary(Schema):
    share_id: str
    game: str
    format: str
    name: str
    visibility: str
    owner: str | None
    version: int = Field(
        description="The deck's current version: the number of the newest version in its history, the one "
        "/decks/{share_id}/versions lists first and /versions/{number} serves (as VersionOut.number, "
        "RunOut.deck_version and CompareSideOut.version count). Edits by the same editor within five "
        "minutes fold into one version, so it does not change with every edit: `etag` does."
    )
    etag: str = Field(
        description="The deck's entity tag, exactly as the ETag header of GET, POST and PATCH "
        "/decks/{share_id} sends it, double quotes included: it changes with every change to the deck (its "
        "cards, format, name, description or visibility), also within one version. For caches and for "
        "telling whether the deck changed; it is not a version number."
    )
    updated_at: datetime
    url: str


class DeckOut(DeckSummary):
    description: str
    forked_from: str | None
    is_owner: bool
    created_at: datetime
    sections: dict[str, list[EntryOut]]


class DeckEditOut(DeckOut):
    """The deck after a change, and where the change landed in its history (`version`)."""

    new_version: bool = Field(
        description="The change made version `version`: its cards or format differ from the version before."
    )
    folded: bool = Field(
        description="The change folded into version `version`, which was there before: an edit by the "
        "same editor within five minutes of its last change is kept in one version (`new_version` in the "
        "request asks for a version of its own). Both false: the change touched neither cards nor format "
        "(name, description and visibility are not kept in versions), or left them as they were."
    )


class ImportIn(Input):
    text: Annotated[str, StringConstraints(min_length=1, max_length=MAX_FILE_BYTES)] = Field(
        description="A decklist as players paste it (one card a line: '3 Name (NUMBER)', '3x NUMBER' or "
        "'NUMBER x3'; section headings as the deck page's export writes them), or a deck file's JSON: what "
        "the deck page's import box reads."
    )
    new_version: bool = Field(False, description="As in PATCH: the import is a version of its own.")


class LineProblemOut(Schema):
    line: int = Field(description="The line's number in `text`, from 1.")
    text: str = Field(description="The line as sent.")
    reason: str


class ImportOut(DeckEditOut):
    problems: list[LineProblemOut] = Field(
        description="The lines that could not be read, in order (at most 100), which the deck does not hold. "
        "Empty: every line was read and the deck holds exactly the list."
    )
    more_problems: int = Field(description="Lines that could not be read besides those in `problems`.")


class ImportRefused(Schema):
    detail: Any = Field(description="Why nothing was imported: a message, or a list of input errors.")
    problems: list[LineProblemOut] = Field(
        default_factory=list,
        description="When no line of a decklist could be read: the lines, as in ImportOut.",
    )
    more_problems: int = 0


class DeletedOut(Schema):
    share_id: str
    deleted_at: datetime
    undelete_until: datetime = Field(
        description="Until then POST /decks/{share_id}/undelete brings the deck back; after, it is gone."
    )


class DeckPage(Schema):
    count: int
    limit: int
    offset: int
    items: list[DeckSummary]


class ViolationOut(Schema):
    code: str
    rule: str
    message: str
    cards: list[str]
    severity: str


class ReportOut(Schema):
    legal: bool
    violations: list[ViolationOut]
    warnings: list[ViolationOut]


# --- Statistics -----------------------------------------------------------------------------------------


class GroupIn(Input):
    cards: Annotated[list[CardNumber], Field(min_length=1, max_length=MAX_GROUP_CARDS)]
    at_least: int = Field(1, ge=0, le=MAX_GROUP_CARDS)


class StatsQuery(Input):
    groups: Annotated[list[GroupIn], Field(min_length=1, max_length=MAX_GROUPS)]
    turns: int = Field(5, ge=0, le=stats.MAX_TURNS)
    going: Going = "first"
    mulligan: Literal["never", "if-missing"] = "never"


class TurnProbability(Schema):
    turn: int
    p: float


class StatsOut(Schema):
    probabilities: list[TurnProbability]


class MulliganQuery(Input):
    """A concrete opening hand to keep or mulligan (engine.advice.mulligan); `keep`: the cards GBF's partial
    redraw keeps (none: the whole hand goes back); `groups`: the odds panel's, A, B, C in order."""

    hand: Annotated[list[CardNumber], Field(min_length=1, max_length=20)]
    going: Going = "first"
    groups: Annotated[list[GroupIn], Field(max_length=3)] = []
    turns: int = Field(5, ge=0, le=stats.MAX_TURNS)
    keep: Annotated[list[CardNumber], Field(max_length=20)] = []


class MulliganOddsOut(Schema):
    group: str  # "A", "B", "C", or "all" for every group at once
    cards: list[list[str]]
    at_least: list[int]
    exact: bool
    kept: list[float]  # P(held) by own turn 0..turns with the hand kept
    mulliganed: list[float]  # and after the mulligan


class MulliganOut(Schema):
    hand: list[str]
    going: Going
    mulligan: str  # the game's mulligan in words
    returned: list[str]
    verdict: Literal["keep", "mulligan", "no difference"]
    sentence: str
    turn: int | None  # the own turn the shares are compared at: the mulliganed games' median kill turn
    share_kept: float
    share_mulliganed: float
    z: float | None  # the two-proportion z statistic (kept minus mulliganed)
    odds: list[MulliganOddsOut]
    kept: dict[str, Any]  # the goldfish result with the hand kept (as a run's result)
    mulliganed: dict[str, Any]
    assumed: dict[str, Any]  # the opponent and autopilot the games used


# --- Goldfish runs --------------------------------------------------------------------------------------


class RunIn(Input):
    games: int = Field(ge=1, le=100_000_000, description="Per play order; at most GOLDFISH_MAX_GAMES.")
    goings: Annotated[list[Going], Field(min_length=1, max_length=2)] = ["first", "second"]
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    opponent: Annotated[dict[ParamName, ParamValue], Field(max_length=20)] = Field(default_factory=dict)
    policy: Annotated[dict[ParamName, ParamValue], Field(max_length=20)] = Field(default_factory=dict)
    # The goldfish's own bound, which its parameter check (Simulator.params) also applies to
    # opponent.max_own_turns: one rule for the form, the API and the command line.
    max_turns: int | None = Field(None, ge=1, le=goldfish.MAX_TURNS)


class UnplayedCardOut(Schema):
    number: str
    name: str
    copies: int
    text: str


class MootCardOut(UnplayedCardOut):
    why: str


class CardTextOut(Schema):
    played_share: float
    not_played: list[UnplayedCardOut]
    moot: list[MootCardOut]


class RunOut(Schema):
    id: int
    deck: str
    status: str
    games: int
    games_done: int
    progress: float
    seed: int
    params: dict[str, Any]
    error: str
    waiting: str = Field(
        description="Why an unfinished run is not moving (no worker has been running lately), or empty."
    )
    result: dict[str, Any] | None
    in_force: dict[str, Any] = Field(
        description="opponent, policy and max_turns as the games used them: a 'by format' or 'from the "
        "deck' value (0 or -1) replaced by what it stood for."
    )
    deck_legality: ReportOut = Field(description="The legality of the deck as the run played it.")
    card_text: CardTextOut = Field(
        description="Which card text the games played: the share of the deck's cards played in full, every "
        "card whose text was not (its copies and the part not played), and the text that never matters "
        "against an opponent who does nothing (and why)."
    )
    created_at: datetime
    finished_at: datetime | None
    deck_version: int | None = Field(description="The number of the deck version the run played.")


class CardChangeOut(Schema):
    section: str
    card: str
    name: str
    before: int
    after: int


class VersionSummary(Schema):
    number: int
    format: str
    cards: int = Field(description="Copies in every section together.")
    editor: str | None = Field(description="The owner's user name then; null: a deck without an account.")
    restored_from: int | None = Field(description="The version this one restores, if it does.")
    created_at: datetime
    updated_at: datetime = Field(description="The last change folded into the version.")
    changes: list[CardChangeOut] = Field(description="What it changed from the version before.")


class VersionOut(VersionSummary):
    sections: dict[str, dict[str, int]] = Field(description="{section: {card number: count}}")


class CompareIn(Input):
    b: Annotated[str, StringConstraints(min_length=1, max_length=300), PRINTABLE] = Field(
        description="B: a version of this deck ('v2'), or another deck of the game by its link or share id."
    )
    a: int | None = Field(None, ge=1, description="A: a version of this deck; null: its current one.")
    games: int = Field(
        10_000, ge=1, le=100_000_000, description="Per play order; at most GOLDFISH_MAX_GAMES."
    )
    order: Literal["both", "first", "second"] = "both"


class CompareSideOut(Schema):
    deck: str
    version: int
    label: str
    run: int | None = Field(description="The run of this version with these settings and games, if any.")
    status: str | None


class CompareOddsOut(Schema):
    card: str
    name: str
    a: list[float] = Field(
        description="P(at least one copy) at each of odds_turns, going first, no mulligan."
    )
    b: list[float]


class CompareOrderOut(Schema):
    going: str
    mean_a: float | None
    mean_b: float | None
    difference: float | None = Field(description="B's mean kill turn minus A's.")
    interval: tuple[float, float] | None = Field(description="95 % interval of the difference.")
    turn: int | None = Field(description="A's median kill turn, where the shares are read.")
    share_a: float
    share_b: float
    beyond_chance: bool = Field(description="Whether the shares differ beyond chance (|z| > 1.96).")
    sentence: str


class CompareOut(Schema):
    a: CompareSideOut
    b: CompareSideOut
    changes: list[CardChangeOut] = Field(description="From A to B.")
    odds_turns: list[int]
    odds: list[CompareOddsOut]
    goldfish: list[CompareOrderOut] | None = Field(description="Per play order once both runs are done.")


class DiffOut(Schema):
    before: int
    after: int
    changes: list[CardChangeOut]


# --- Games, for the forms a client builds -----------------------------------------------------------------


class FormatOut(Schema):
    id: str
    label: str


class SectionOut(Schema):
    id: str
    label: str
    holds: str | None = Field(description="The card type that goes to this section, not the main deck.")


class KnobOut(Schema):
    """One goldfish setting, as the goldfish form and POST /decks/{share_id}/runs read it
    (engine.goldfish.Param): a value outside these bounds is refused with 422 naming the setting."""

    name: str = Field(description="The key in RunIn.opponent or RunIn.policy.")
    type: Literal["boolean", "integer", "number", "string"]
    default: bool | int | float | str
    minimum: float | None = Field(description="The least number it takes; null: no bound, or no number.")
    maximum: float | None = Field(description="The largest number it takes; null for a non-number.")
    choices: list[str] = Field(description="The only values it takes, if not empty.")
    choice_labels: list[str] = Field(description="Each choice in the player's words, as the form shows it.")
    label: str
    help: str
    rule: str = Field(description="The official rule number the setting follows, if any.")


class TurnsOut(Schema):
    default: int
    minimum: int
    maximum: int


class GoldfishOptionsOut(Schema):
    max_games: int = Field(description="RunIn.games at most (per play order), this site's setting.")
    goings: list[str]
    max_turns: TurnsOut = Field(description="RunIn.max_turns: the cap on the player's own turns.")
    opponent: list[KnobOut] = Field(description="RunIn.opponent's keys.")
    policy: list[KnobOut] = Field(description="RunIn.policy's keys.")


class GameOut(Schema):
    id: str
    name: str
    short_name: str
    formats: list[FormatOut] = Field(description="The first is the default.")
    sections: list[SectionOut]
    main_section: str = Field(description="The section draws come from.")
    card_types: list[str]
    colors: list[str]
    color_word: str = Field(description="What the game calls a colour (element, attribute).")
    goldfish: GoldfishOptionsOut | None = Field(description="Null: no goldfish for this game yet.")
