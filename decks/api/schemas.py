"""What the API reads and writes. Every input is bounded: lengths, counts, list sizes, numbers, and takes
only the keys it names (a misspelt key is refused with 422 naming it, never ignored).

One name per thing (issue 39): a thing's id is named after the thing wherever it appears, as its own
field, as a reference from another object and as a path parameter: `game`, `deck` (the share id), `card`
(the card number), `run`, `version` (the history number), `format`, `section`. A deck's cards have one
shape everywhere, `{section: [{card, count, ...}]}`. A goldfish run's games are counted per play order
(`games_per_order`) on the way in and both per order and in total on the way out.
"""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, Literal

from ninja import Field, P, Schema
from ninja.params import PathEx
from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints

import engine
from decks.api.examples import BODIES
from engine import goldfish, stats
from engine.advice import tune
from engine.collection import MAX_COPIES, MAX_CSV_BYTES
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


# The enums, each one component of the schema that every field using it refers to, so a value read from
# one answer (a deck's `game`) can be passed back as it is.
if TYPE_CHECKING:
    Game = str
else:
    Game = StrEnum("Game", {game_id: game_id for game_id in engine.GAMES})  # the registry's ids
    Game.__doc__ = "A game's id."


class Visibility(StrEnum):
    """Who may see a deck: its owner only; anyone with its link; anyone, and it is listed."""

    PRIVATE = "private"
    UNLISTED = "unlisted"
    PUBLIC = "public"


class Going(StrEnum):
    """A play order: going first or second."""

    FIRST = "first"
    SECOND = "second"


class PlayOrders(StrEnum):
    """Which play orders a comparison runs: both, or one."""

    BOTH = "both"
    FIRST = "first"
    SECOND = "second"


class RunStatus(StrEnum):
    """Where a goldfish run is: waiting for a worker, playing, or finished in one of three ways."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


class Severity(StrEnum):
    """An error makes the deck illegal; a warning asks the player to check something by hand; info
    only explains."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


DeckId = Annotated[str, StringConstraints(max_length=32), PRINTABLE]  # a deck's share id
# A run's seed is a 64-bit integer; JavaScript's numbers hold integers exactly only below 2^53.
SEED_DESCRIPTION = (
    "An int64 (0 to 2^63 - 1). A JavaScript client reads integers exactly only up to 2^53 - 1: keep the "
    "seeds you send below that, and read this field with a big-integer JSON parser if others may not."
)
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
    """A request body or a part of one: a plain pydantic model, which takes only a JSON object (Ninja's
    Schema reads attributes off any value, so it would take a body of `false` as an object with every
    field unset), and only the keys it names: a misspelt key is refused, not ignored."""

    model_config = ConfigDict(extra="forbid")


class FieldError(Schema):
    field: str = Field(
        description="Where the input is wrong, as a dotted path: `visibility`, `sections.main.2.count`, "
        "`groups.0.cards.1`; a query parameter by its name, a header by its name."
    )
    message: str


class Error(Schema):
    """Every answer other than success has this shape (a refused import adds its lines)."""

    detail: str = Field(description="What went wrong, in a sentence a person can read.")
    errors: list[FieldError] = Field(
        default_factory=list,
        description="Only in a 422 answer to input that was refused: each wrong field and why.",
    )


# --- Cards ----------------------------------------------------------------------------------------------


class CardOut(Schema):
    game: Game = Field(alias="game_id")
    card: str = Field(alias="number", description="The card's number: what every field named `card` holds.")
    base_card: str = Field(
        alias="base_number", description="The number its other printings share (for copy limits)."
    )
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


def _each_card_once(sections: dict[str, list[EntryIn]]) -> dict[str, list[EntryIn]]:
    """A card listed twice in one section is refused, naming the second entry, rather than summed: two
    lines of one card are more often a mistake than a wish for their sum."""
    for section, entries in sections.items():
        seen: set[str] = set()
        for entry in entries:
            if entry.card in seen:
                raise ValueError(
                    f"card {entry.card} is listed twice in {section}: list it once with its whole count"
                )
            seen.add(entry.card)
    return sections


def _keys_as_property_names(schema: dict[str, Any]) -> None:
    """A map whose keys have a pattern, written as `additionalProperties` with the pattern under
    `propertyNames` instead of pydantic's `patternProperties`, which client generators skip (the map's
    values lost their model: `dict[str, Any]`)."""
    ((pattern, values),) = schema.pop("patternProperties").items()
    schema["additionalProperties"] = values
    schema["propertyNames"] = {**schema.get("propertyNames", {}), "pattern": pattern}


Sections = Annotated[
    dict[SectionName, Annotated[list[EntryIn], Field(max_length=MAX_ENTRIES)]],
    Field(
        max_length=4,
        description="{section: [{card, count}]}, as in a deck file; each card at most once in a section.",
        json_schema_extra=_keys_as_property_names,
    ),
    AfterValidator(_each_card_once),
]
# A name given must say something: one of spaces only is refused, not read as "keep the old one".
GivenName = Annotated[DeckName, StringConstraints(min_length=1)]


class DeckIn(Input):
    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["DeckIn"]]})

    game: Game
    name: GivenName | None = Field(None, description="Null or left out: the game's default name.")
    description: Description = ""
    format: Word = Field("", description="The game's format id; empty means its first format.")
    visibility: Visibility = Visibility.PRIVATE
    sections: Sections = Field(default_factory=dict)


class DeckPatch(Input):
    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["DeckPatch"]]})

    name: GivenName | None = None
    description: Description | None = None
    format: Word | None = None
    visibility: Visibility | None = None
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
    deck: str = Field(description="The deck's id (its share id): what every field named `deck` holds.")
    game: Game
    format: str
    name: str
    visibility: Visibility
    owner: str | None
    version: int = Field(
        description="The deck's current version: the number of the newest version in its history, the one "
        "/decks/{deck}/versions lists first and /versions/{version} serves (as VersionOut.version, "
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
    forked_from: str | None = Field(description="The deck it was forked from, if the caller may see it.")
    is_owner: bool
    created_at: datetime
    sections: dict[str, list[EntryOut]] = Field(description="{section: [{card, name, count}]}")


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
    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["ImportIn"]]})

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
    read_as: str = Field(
        description='How the text was understood: "Read as a DeckPlanet list" (a site\'s format, '
        'docs/decklist-formats.md), "Read as a deck file", or "Read line by line (no one site\'s format)".'
    )


class ImportRefused(Error):
    problems: list[LineProblemOut] = Field(
        default_factory=list,
        description="When no line of a decklist could be read: the lines, as in ImportOut.",
    )
    more_problems: int = 0


class DeletedOut(Schema):
    deck: str
    deleted_at: datetime
    undelete_until: datetime = Field(
        description="Until then POST /decks/{deck}/undelete brings the deck back; after, it is gone."
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
    cards: list[str] = Field(description="The card numbers involved.")
    severity: Severity


class ReportOut(Schema):
    legal: bool
    violations: list[ViolationOut]
    warnings: list[ViolationOut]


# --- Statistics -----------------------------------------------------------------------------------------


class GroupIn(Input):
    cards: Annotated[list[CardNumber], Field(min_length=1, max_length=MAX_GROUP_CARDS)] = Field(
        description="Card numbers of the deck's main section, whose copies count together."
    )
    at_least: int = Field(1, ge=0, le=MAX_GROUP_CARDS)


class StatsQuery(Input):
    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["StatsQuery"]]})

    groups: Annotated[list[GroupIn], Field(min_length=1, max_length=MAX_GROUPS)]
    turns: int = Field(5, ge=0, le=stats.MAX_TURNS)
    going: Going = Going.FIRST
    mulligan: Literal["never", "if-missing"] = "never"


class TurnProbability(Schema):
    turn: int
    p: float


class StatsOut(Schema):
    probabilities: list[TurnProbability]


class MulliganQuery(Input):
    """A concrete opening hand to keep or mulligan (engine.advice.mulligan); `keep`: the cards GBF's partial
    redraw keeps (none: the whole hand goes back); `groups`: the odds panel's, A, B, C in order."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["MulliganQuery"]]})

    hand: Annotated[list[CardNumber], Field(min_length=1, max_length=20)]
    going: PlayOrders = Field(
        PlayOrders.BOTH,
        description="The play orders to answer for: both (the default, as the deck's default goldfish run "
        "plays them), or one.",
    )
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


class MulliganOrderOut(Schema):
    """The answer for one play order."""

    going: Going
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


class MulliganOrdersOut(Schema):
    """The answer for each play order asked, by its name."""

    first: MulliganOrderOut | None = None
    second: MulliganOrderOut | None = None


class MulliganOut(MulliganOrderOut):
    """The hand, the game's mulligan in words and what it returns; at the top the answer for the first play
    order asked (going first, unless only second was asked), and each order's in `orders`."""

    hand: list[str]
    mulligan: str  # the game's mulligan in words
    returned: list[str]
    orders: MulliganOrdersOut


# --- Goldfish runs --------------------------------------------------------------------------------------


Settings = Annotated[
    dict[ParamName, ParamValue], Field(max_length=20, json_schema_extra=_keys_as_property_names)
]


class RunIn(Input):
    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["RunIn"]]})

    games_per_order: int = Field(
        ge=1,
        le=100_000_000,
        description="Games for each play order in `goings` (so 2 orders play twice as many in all); at "
        "most /games/{game}'s goldfish.max_games_per_order.",
    )
    goings: Annotated[list[Going], Field(min_length=1, max_length=2)] = [Going.FIRST, Going.SECOND]
    seed: int | None = Field(
        None, ge=0, le=2**63 - 1, json_schema_extra={"format": "int64"}, description=SEED_DESCRIPTION
    )
    opponent: Settings = Field(
        default_factory=dict, description="The opponent's settings: /games/{game}'s goldfish.opponent."
    )
    policy: Settings = Field(
        default_factory=dict, description="The player's policy by name: /games/{game}'s goldfish.policy."
    )
    # The goldfish's own bound, which its parameter check (Simulator.params) also applies to
    # opponent.max_own_turns: one rule for the form, the API and the command line.
    max_turns: int | None = Field(None, ge=1, le=goldfish.MAX_TURNS)


class UnplayedCardOut(Schema):
    card: str
    name: str
    copies: int
    text: str


class MootCardOut(UnplayedCardOut):
    why: str


class CardTextOut(Schema):
    played_share: float
    not_played: list[UnplayedCardOut]
    moot: list[MootCardOut]


class OutcomesOut(Schema):
    """Every game counted by how it ended."""

    win: int = Field(description="The opponent lost by damage.")
    win_opp_deckout: int = Field(description="The opponent could not draw.")
    loss_deckout: int = Field(description="The player could not draw.")
    stalled: int = Field(description="Not decided within the turn cap.")
    draw: int = Field(description="Both players lost at once.")


class GoldfishResultOut(Schema):
    """The outcome of one play order's games (the `goldfish` command's JSON, docs/deck-file.md)."""

    games: int
    kill_turns: dict[str, int] = Field(
        description="{own turn of the kill: games}, turns as decimal strings, in order."
    )
    no_kill: int = Field(description="Games with no kill: `games` less the sum of kill_turns.")
    mean_kill_turn: float | None = Field(description="Over the games with a kill; null: none had one.")
    mean_kill_turn_ci95: tuple[float, float] | None = Field(description="A 95 % interval of the mean.")
    median_kill_turn: int | None
    seed: int | None = Field(json_schema_extra={"format": "int64"}, description=SEED_DESCRIPTION)
    outcomes: OutcomesOut
    mulligans: int


class RunResultOut(Schema):
    """A finished (or cancelled: the games played until then) run's result, per play order it played."""

    first: GoldfishResultOut | None = None
    second: GoldfishResultOut | None = None


class RunSettingsOut(Schema):
    opponent: dict[str, bool | int | float | str]
    policy: dict[str, bool | int | float | str]
    max_turns: int | None


class StartedByOut(Schema):
    """Who started a run: not always the deck's owner, since a comparison runs the other deck too."""

    user: str | None = Field(description="Their user name; null: a visitor without an account.")
    is_owner: bool = Field(description="The deck's owner started it (a visitor's deck: that visitor).")
    is_caller: bool = Field(description="The caller started it.")


class RunOut(Schema):
    run: int = Field(description="The run's id: what every field named `run` holds.")
    deck: str
    status: RunStatus
    games_per_order: int = Field(description="As RunIn.games_per_order.")
    goings: list[Going]
    games_total: int = Field(description="games_per_order times the play orders: every game of the run.")
    games_done: int = Field(description="Of games_total.")
    progress: float = Field(description="games_done / games_total.")
    seed: int = Field(json_schema_extra={"format": "int64"}, description=SEED_DESCRIPTION)
    settings: RunSettingsOut = Field(description="opponent, policy and max_turns as sent.")
    started_by: StartedByOut
    error: str
    waiting: str = Field(
        description="Why an unfinished run is not moving (no worker has been running lately), or empty."
    )
    result: RunResultOut | None = Field(description="Null until the run is done or cancelled.")
    in_force: RunSettingsOut = Field(
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
    deck_version: int | None = Field(description="The deck version the run played (VersionOut.version).")


class RunPage(Schema):
    count: int
    limit: int
    offset: int
    items: list[RunOut] = Field(description="Newest first.")


class CardChangeOut(Schema):
    section: str
    card: str
    name: str
    before: int
    after: int


class VersionSummary(Schema):
    version: int = Field(description="The version's number in the deck's history, from 1.")
    format: str
    cards: int = Field(description="Copies in every section together.")
    editor: str | None = Field(description="The owner's user name then; null: a deck without an account.")
    restored_from: int | None = Field(description="The version this one restores, if it does.")
    created_at: datetime
    updated_at: datetime = Field(description="The last change folded into the version.")
    changes: list[CardChangeOut] = Field(description="What it changed from the version before.")


class VersionOut(VersionSummary):
    sections: dict[str, list[EntryOut]] = Field(description="{section: [{card, name, count}]}, as DeckOut's.")


class VersionPage(Schema):
    count: int
    limit: int
    offset: int
    items: list[VersionSummary] = Field(description="Newest first.")


class CompareIn(Input):
    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["CompareIn"]]})

    b: Annotated[str, StringConstraints(min_length=1, max_length=300), PRINTABLE] = Field(
        description="B: a version of this deck ('v2'), or another deck of the game by its link or id."
    )
    a: int | None = Field(None, ge=1, description="A: a version of this deck; null: its current one.")
    games_per_order: int = Field(
        10_000, ge=1, le=100_000_000, description="As RunIn.games_per_order, for each side's run."
    )
    order: PlayOrders = PlayOrders.BOTH


class CompareSideOut(Schema):
    deck: str
    version: int
    label: str
    run: int | None = Field(description="The run of this version with these settings and games, if any.")
    status: RunStatus | None


class CompareOddsOut(Schema):
    card: str
    name: str
    a: list[float] = Field(
        description="P(at least one copy) at each of odds_turns, going first, no mulligan."
    )
    b: list[float]


class CompareOrderOut(Schema):
    going: Going
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
    before: int = Field(description="A version of the deck (VersionOut.version).")
    after: int
    changes: list[CardChangeOut]


# --- Deck files -----------------------------------------------------------------------------------------


class DeckFileEntry(Schema):
    card: str
    count: int


class DeckFileCard(Schema):
    """A card's printed data in a deck file (docs/deck-file.md, "Card fields"): only the fields that are
    set are sent; those of other games are left out."""

    name: str
    type: str
    colors: list[str] | None = None
    cost: int | None = None
    power: int | None = None
    traits: list[str] | None = None
    keywords: list[str] | None = None
    text: str | None = None
    deck_rules: list[dict[str, Any]] | None = None
    lb_cost: int | None = None
    specified_cost: dict[str, int] | None = None
    combo_power: int | None = None
    back: dict[str, Any] | None = None
    rank: int | None = None
    gender: str | None = None
    character_name: str | None = None
    atk: int | None = None
    hp: int | None = None
    support_power: int | None = None
    effects: list[dict[str, Any]] | None = Field(
        None, description='What the goldfish plays of the text (docs/deck-file.md, "Effects").'
    )


class DeckFileOut(Schema):
    """The deck file (docs/deck-file.md): what `checkdeck` and `goldfish` read, and POST .../import."""

    game: Game
    format: str
    name: str | None = None
    sections: dict[str, list[DeckFileEntry]]
    cards: dict[str, DeckFileCard] = Field(description="{card number: its printed data}")


# --- Games, for the forms a client builds -----------------------------------------------------------------


class FormatOut(Schema):
    format: str
    label: str


class SectionOut(Schema):
    section: str
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
    max_games_per_order: int = Field(description="RunIn.games_per_order at most, this site's setting.")
    goings: list[Going]
    max_turns: TurnsOut = Field(description="RunIn.max_turns: the cap on the player's own turns.")
    opponent: list[KnobOut] = Field(description="RunIn.opponent's keys.")
    policy: list[KnobOut] = Field(description="RunIn.policy's keys.")


class GameOut(Schema):
    game: Game
    name: str
    short_name: str
    formats: list[FormatOut] = Field(description="The first is the default.")
    sections: list[SectionOut]
    main_section: str = Field(description="The section draws come from.")
    card_types: list[str]
    colors: list[str]
    color_word: str = Field(description="What the game calls a colour (element, attribute).")
    goldfish: GoldfishOptionsOut | None = Field(description="Null: no goldfish for this game yet.")


class TuningIn(Input):
    candidates: Annotated[list[Word], Field(max_length=500)] = Field(
        default_factory=list,
        description="Card numbers a swap may add; empty: every card of the game the deck may legally add.",
    )
    groups: Annotated[list[GroupIn], Field(max_length=3)] = Field(
        default_factory=list,
        description="Groups of cards to hold (all at once) whose exact odds by the deck's typical turn each "
        "swap shows beside, as the deck page's odds panel asks them.",
    )
    games_per_order: int = Field(
        tune.GAMES, ge=1, le=100_000_000, description="Games of each play order, for the deck and each swap."
    )
    seed: int | None = Field(
        None, ge=0, le=2**63 - 1, description="int64; JavaScript reads integers exactly only below 2^53."
    )

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["TuningIn"]]})


class TuningOut(Schema):
    tuning: int
    deck: str
    deck_version: int | None
    status: RunStatus
    variants: int
    variants_done: int
    progress: float
    settings: dict[str, Any]
    error: str
    result: dict[str, Any] | None = Field(
        description="Once finished (or cancelled: the swaps measured by then): engine.advice.tune's result, "
        "its `rankings` by mean kill turn and by share won by the deck's typical turn, best first."
    )
    created_at: datetime
    finished_at: datetime | None


# A deck, a run, a version, a card and a tuning in a path, named as the fields that hold them (this
# module's docstring).
DeckPath = PathEx[DeckId, P(alias="deck", description="The deck's id (DeckSummary.deck).")]
RunPath = PathEx[int, P(alias="run", description="The run's id (RunOut.run).")]
VersionPath = PathEx[int, P(alias="version", description="The version's number (VersionOut.version).")]
CardPath = PathEx[CardNumber, P(alias="card", description="The card's number (CardOut.card).")]
TuningPath = PathEx[int, P(alias="tuning", description="The tuning's id (TuningOut.tuning).")]
PlayedGamePath = PathEx[
    int, P(alias="played_game", description="The logged game's id (PlayedGameOut.played_game).")
]


# --- A deck's log of real games (decks/api/games.py) ------------------------------------------------------

ShortText = Annotated[str, StringConstraints(max_length=100), PRINTABLE]
Notes = Annotated[str, StringConstraints(max_length=2000)]
Turn = Annotated[int, Field(ge=1, le=99)]


class PlayedGameIn(Input):
    """A game to record; every field but the result has the log form's default."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["PlayedGameIn"]]})

    result: Literal["win", "loss", "draw"]
    played_on: date | None = Field(None, description="Today when left out.")
    version: int | None = Field(
        None, ge=1, description="The deck version; left out: the one in force on the date."
    )
    kind: Literal["casual", "event"] = "casual"
    event: ShortText = ""
    went_first: bool = True
    mulliganed: bool = False
    last_turn: Turn | None = None
    opponent: ShortText = Field("", description="Their Leader or captain, or elements or colours.")
    archetype: ShortText = ""
    notes: Notes = ""


class PlayedGamePatch(Input):
    """The fields to change; the others stay."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["PlayedGamePatch"]]})

    result: Literal["win", "loss", "draw"] | None = None
    played_on: date | None = None
    version: int | None = Field(None, ge=1)
    kind: Literal["casual", "event"] | None = None
    event: ShortText | None = None
    went_first: bool | None = None
    mulliganed: bool | None = None
    last_turn: Turn | None = None
    opponent: ShortText | None = None
    archetype: ShortText | None = None
    notes: Notes | None = None


class PlayedGameOut(Schema):
    played_game: int
    result: str
    played_on: date
    version: int | None
    kind: str
    event: str
    went_first: bool
    mulliganed: bool
    last_turn: int | None
    opponent: str
    archetype: str
    notes: str


class GameRecordOut(Schema):
    played: int = Field(description="Games played (won, lost and drawn).")
    wins: int
    losses: int
    draws: int
    win_rate: float | None
    interval: tuple[float, float] = Field(description="The win rate's Wilson 95 % interval.")


class GameRecordSplitOut(GameRecordOut):
    label: str


class VersionRecordsDifferenceOut(Schema):
    earlier: int
    later: int
    p_value: float = Field(description="Fisher's exact test of the two versions' win rates, two-sided.")
    clear: bool = Field(description="p < 0.05: unlikely to be chance.")


class GameLogSummaryOut(Schema):
    total: GameRecordOut
    by_version: list[GameRecordSplitOut]
    by_opponent: list[GameRecordSplitOut]
    by_archetype: list[GameRecordSplitOut]
    by_order: list[GameRecordSplitOut]
    by_hand: list[GameRecordSplitOut]
    average_win_turn: float | None
    versions_against_previous: list[VersionRecordsDifferenceOut]


# --- The cards a player owns (decks/api/collection.py) ----------------------------------------------------

Copies = Annotated[int, Field(ge=0, le=MAX_COPIES)]


class OwnedCardOut(Schema):
    base_card: str = Field(
        description="The card's base number (CardOut.base_card): the copies of every printing count here."
    )
    name: str
    count: int = Field(description="Copies owned.")


class OwnedCardPage(Schema):
    count: int = Field(description="How many cards of the game the caller owns copies of.")
    copies: int = Field(description="The copies of all of them.")
    limit: int
    offset: int
    items: list[OwnedCardOut]


class OwnedCountIn(Input):
    """The copies owned of the card, every printing of it together (0: none)."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["OwnedCountIn"]]})

    count: Copies


class OwnedChangeIn(Input):
    """Copies to add (or, negative, to take away); the count never goes below none."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["OwnedChangeIn"]]})

    by: Annotated[int, Field(ge=-MAX_COPIES, le=MAX_COPIES)]


class CollectionImportIn(Input):
    """A collection app's CSV export: `number,count` lines under that header. It sets the count of each
    card it names (two printings of one card add up) and leaves the others; any bad line and nothing is
    saved."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["CollectionImportIn"]]})

    csv: Annotated[str, StringConstraints(max_length=MAX_CSV_BYTES)]


class CollectionImportOut(Schema):
    cards: int = Field(description="The cards whose counts the file set.")


class MissingEntryOut(Schema):
    card: str
    name: str
    count: int = Field(description="Copies of this printing lacking.")


class ShortfallOut(Schema):
    owned: int = Field(description="The deck's cards the caller owns (the 43 of 'owned 43 of 50').")
    total: int = Field(description="The deck's cards, every section.")
    missing_count: int
    missing: dict[str, list[MissingEntryOut]] = Field(
        description="By section, the deck's printings still to get and the copies lacking, in the deck's "
        "order; owned copies of a card cover its printings in that order."
    )
