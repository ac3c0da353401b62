"""The effect vocabulary: the part of a card's text the goldfish plays (docs/deck-file.md, "Card effects").

One vocabulary serves the four games. A card's `effects` come from its deck-file object when it has
them (a maintainer's or the user's hand), else from the game's text reader (engine/readers). Each
simulator says which effects it plays (`PLAYED_EFFECTS` of its module); a card whose text holds an
effect it does not play is named in every result as not played in full.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import DeckFileError

# When an effect happens (docs/deck-file.md has each game's wording for them).
TRIGGERS = (
    "enters", "attacks", "cast", "turn-start", "static", "dull", "awaken", "battle", "special", "action",
    "combo", "battle-area-combo", "ally-enters", "damages", "used-in-combo",
)  # fmt: skip
# `used-in-combo`: the card itself is used in a combo from your Battle Area (DBS FW "[Auto] When this card is
# used in a combo from the Battle Area, ...", 5-6-3), at that combo's checkpoint (5-6-3-3).
# `ally-enters`: a character enters your field, one the effect's `if` `entering` names (FFTCG "When a Fire
# Job Primal enters your field, activate Amalj'aa."), each time one does, the card itself too when it is one.
# `damages`: the card itself deals damage to the opponent (FFTCG "When Leila deals damage to your opponent,
# draw 1 card.": after the damage of its attack, 10.1.4.3, in the attack phase).
# What it does; `n` counts cards, damage, resource or cost change as the action says.
ACTIONS = (
    "draw",
    "damage",
    "haste",
    "cost",
    "search",
    "resource",
    "play",
    "life",
    "discard",
    "power",
    "activate",
    "forward",
    "light-dark",
    "name",
    "mill",
    "recover",
    "no-untap",
    "no-attack",
    "enters-dull",
    "monster",
    "marker",
    "charge",
    "break",
    "dull",
    "freeze",
    "forward-damage",
    "return",
    "power-loss",
    "warp",
    "order",
    "pay-any",
    "make-any",
    "strike",
    "ko",
    "drop-energy",
    "name-limit",
    "attack-twice",
    "must-attack",
    "ko-after-battle",
    "bottom-at-turn-end",
    "activate-energy",
    "opponent-mill",
)
# `pay-any`, `static`: the cost of the card itself (counting from the hand), or with a `filter` of your cards
# it names while the card is on the field, may be paid with CP of any element (FFTCG "The cost required to
# cast your Category IV Forwards can be paid with CP of any Element.": no element must be among the CP,
# 11.4.6). `make-any`, `static` with a `filter`: your Backups it names make CP of any element while the card
# is on the field (FFTCG "The Earth Backups you control can produce CP of any Element.", 5.2.3.1.1.3 with the
# element changed).
# `strike`, `static`: the card's attacks deal n damage instead of 1 (DBS FW "[Permanent] If you have 8 or more
# energy, this card gains [Double Strike].": n 2; [Triple Strike]: 3; 15-6-2), while its `if` holds.
# `ko`, with `paid` only: n of your Battle Cards its `filter` names KO'd, the cost of the effects after it
# with the same trigger (DBS FW "[On Play] KO 1 of your <X> Battle Cards : Draw 2 cards."). `drop-energy`,
# with `paid` only: n of your energy cards placed in your drop area, the same kind of cost (DBS FW "[On
# Play] Place 1 card from your energy in your Drop : Add the top card of your deck to your energy.").
# `name-limit`, `static` with a `filter` of a name alone: the field's limit of one character of a name (7.7.3)
# counts this card and the cards of that name as one name (FFTCG "You cannot play Lyse or Card Name Yda while
# already in control of either Character."); unlike `name`, a search or a count by that name does not find it.
# `attack-twice`, `static`: the card itself may attack a second time in a turn (FFTCG "Gudon can attack twice
# in the same turn.", lifting 10.1.2.1.2 once); it must be active to attack again (10.1.2.1.1).
# `activate-energy`: n of your rested energy cards switched to Active Mode, as many as are rested (DBS FW "[On
# Play] Draw 1 card. Then, switch 2 of your energy to Active Mode."; `optional`: "up to" n).
# `opponent-mill`: the top n cards of the opponent's deck put into its Break Zone (FFTCG "your opponent puts
# the top card of his/her deck into the Break Zone."): its deck, which it draws from and takes damage from,
# is that much shorter.
# `order`: the top n cards of your deck looked at and put back, each on the top or at the bottom, in an
# order the player chooses (FFTCG "look at the top 2 cards of your deck. Return these to the top and/or
# bottom of your deck in any order."); none leaves the deck.
# Actions on 1 chosen character that it must choose (FFTCG "choose 1 Forward. Break it.", "choose 1 Forward.
# Return it to its owner's hand.", "choose 1 Forward. It loses 2000 power until the end of the turn."): with
# no opposing character, one of yours (11.8.4, 11.8.9); a `filter` says what may be chosen, its `state` too.
CHOSEN_ACTIONS = frozenset({"break", "dull", "freeze", "forward-damage", "return", "power-loss"})
# Actions whose `n` matters; `cost` may be negative (cheaper), the others are at least 1.
_COUNTED = frozenset(
    {
        "draw",
        "damage",
        "cost",
        "search",
        "resource",
        "life",
        "discard",
        "power",
        "activate",
        "mill",
        "recover",
        "marker",
        "charge",
        "forward-damage",
        "power-loss",
        "warp",
        "order",
        "strike",
        "ko",
        "drop-energy",
        "activate-energy",
        "opponent-mill",
    }
)
_FILTER_KEYS = (
    "type",
    "name",
    "traits",
    "colors",
    "cost_max",
    "cost_min",
    "other_than",
    "name_includes",
    "state",
    "skill_less",
    "all_traits",
    "any_of",
)
STATES = ("dull", "active")
# `paid`: a discard (or a `ko`, or a `mill`) that is the cost of the effects after it with the same trigger
# ("Discard 1 card from your hand : Draw 2 cards."): they happen only when it is paid.
# `end_break`: for a `forward` on `action` only, the card is broken at the end of the turn it was used
# (FFTCG "《0》: Until the end of the turn, Ember Egg also becomes a Forward with 6000 power. At the end of
# the turn, break Ember Egg.").
# `per_opponent_hand`: for a `cost` of the card itself only, n counts once for each card in the opponent's
# hand (FFTCG "The cost required to cast Xezat is increased by 1 for each card in your opponent's hand.").
# `rested`: for a `resource` or a `charge` from the drop area only, the cards enter the energy area in Rest
# Mode (DBS FW "Add the top card of your deck to your energy in Rest Mode.", 1-8): they pay nothing until
# they untap; for a `play`, the card enters the Battle Area in Rest Mode (DBS FW "... from your hand in Rest
# Mode."): it neither attacks nor rests for a skill until it untaps.
_FLAGS = ("optional", "once_per_turn", "paid", "end_break", "per_opponent_hand", "rested")
# What an action ability's cost does to the card itself (`self_cost`): discard it from the hand, or dull it
# and put it from the field into the Break Zone ("《Dull》, put Devout into the Break Zone: ...").
SELF_COSTS = ("discard", "break")
# `if`: what must hold for the effect to happen, checked when it happens (a `static` one: while it holds).
# The `n` of a condition: the most cards in your hand, the fewest energy cards or cards in your drop, the
# most life cards, the fewest or most of your cards in play that its `filter` names ("control-at-least",
# "control-at-most": FFTCG "If you control 3 or more Fire Backups, ...", "If you don't control any
# Forwards, ..."; DBS FW "If you have 2 or more Battle Cards with 《Namekian》 ...", your Leader and Battle
# Cards, or your Battle Cards only with `type` "battle"), the fewest cards in your combo area
# ("combo-at-least": DBS FW "If you have a card in your Combo Area, ...", in a battle: 3-7, 14-4-2), the
# fewest energy cards in Active Mode ("active-energy-at-least": DBS FW "If you have 2 or more Active Mode
# energy, ...");
# "awakened" (your Leader), "marker" (you have an energy marker) and "no-marker" (you have none) take none;
# "leader": your Leader is a card its `filter` names (DBS FW "If your Leader is <Vegeta>, ...", "If your
# Leader has 《Majin》 in its special traits, ..."), and takes no `n`; "rested": the card itself is rested
# (DBS FW "If this card is in Rest Mode, ..."), no `n`; "in-drop-at-least": the fewest cards in your drop
# area that its `filter` names (DBS FW "If you have <Kid Hero> in your Drop, ...", n 1);
# "rested-control-at-least": the fewest of your Battle Cards in Rest Mode that its `filter` names (DBS FW "If
# you have 2 or more Rest Mode Battle Cards with costs of 2 or more in your Battle Area, ...", "If you have
# a Rest Mode <Kid Hero> Battle Card, ...", n 1); "entering": the character whose entering triggers an
# `ally-enters` effect is one its `filter` names, no `n`; "cast-at-least": the fewest cards you have cast
# this turn (FFTCG "if you have cast 3 or more cards this turn, ..."); "in-break-zone-at-least": the fewest
# cards in your Break Zone that its `filter` names (FFTCG "If you have a Job Shijin in your Break Zone, ...",
# n 1); "marker-paid": an energy marker was removed from the game to pay for the card itself (DBS FW "If you
# removed an energy marker to use this card, ...", 5-3-1, 1-11-2), no `n`.
CONDITIONS = (
    "hand-at-most", "energy-at-least", "drop-at-least", "life-at-most", "awakened", "marker",
    "control-at-least", "control-at-most", "combo-at-least", "no-marker", "active-energy-at-least", "leader",
    "rested", "in-drop-at-least", "rested-control-at-least", "entering", "cast-at-least",
    "in-break-zone-at-least", "marker-paid",
)  # fmt: skip
_FILTERED_CONDITIONS = frozenset(
    {"control-at-least", "control-at-most", "leader", "in-drop-at-least", "rested-control-at-least"}
    | {"entering", "in-break-zone-at-least"}
)
_COUNTED_CONDITIONS = frozenset(
    {"hand-at-most", "energy-at-least", "drop-at-least", "life-at-most", "combo-at-least"}
    | {"active-energy-at-least", "control-at-least", "control-at-most", "in-drop-at-least", "cast-at-least"}
    | {"rested-control-at-least", "in-break-zone-at-least"}
)
# `from`: the zone a `search` or a `play` takes its card from, when not its own (the deck for a search, the
# hand for a play): FFTCG "choose 1 Summon in your Break Zone. Add it to your hand." is a `search` from
# "break-zone", "choose 1 Forward of cost 2 or less in your Break Zone. Play it onto the field." a `play`;
# DBS FW "... play up to 1 <Android 18> with a cost of 3 or less from your Drop." a `play` from "drop";
# FFTCG "search for 1 Job Chocobo of cost 3 or less and play it onto the field." a `play` from "deck" (a
# search's own zone, so a `play` only).
FROM_ZONES = ("break-zone", "drop", "deck")
# `rest`: where a look at the deck's top cards (`top`) puts the cards it does not take, when not to the
# bottom in an order the player chooses (FFTCG "return the other cards to the bottom of your deck in any
# order", the default): "shuffled" to the bottom ("Then, shuffle the other cards revealed and return them to
# the bottom of your deck."), or into the "break-zone" ("put the rest of the cards into the Break Zone"), or
# left on the "top" as they were (FFTCG "reveal the top card of your deck. If it is a Wind Forward, add it to
# your hand.": a card not taken stays where it was).
REST_PLACES = ("shuffled", "break-zone", "top")
LARGEST_N = 99  # no printed card draws, deals or changes more
LARGEST_POWER = 200_000  # a `power` counts power points (DBS FW +5000), a `forward-damage` damage, a
# `power-loss` power lost


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Which cards an effect names: every given field must match (`traits` and `colors`: any of them; a
    card named `other_than` never). `any_of` stands alone: a card one of those filters names at least
    (FFTCG "search for 1 Card Name A or Job B", DBS FW "reveal up to 1 <A> or up to 1 Extra"); a
    simulator that does not say it plays them sees no field to match."""

    type: str | None = None
    name: str | None = None
    traits: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    cost_max: int | None = None
    cost_min: int | None = None  # with cost_max the same: that cost exactly (FFTCG "Forward of cost 1")
    other_than: str | None = None
    # The state a chosen character must be in ("choose 1 dull Forward"): of CHOSEN_ACTIONS' filters only.
    state: str | None = None
    any_of: tuple[CardFilter, ...] = ()
    # A text a card's name must include (DBS FW "card that includes <Frieza> in its card name",
    # 「カード名に「DA」を含むカード」): of its own name, a part of it or another name it has.
    name_includes: str | None = None
    # A card with no skill at all (DBS FW "skill-less Battle Card", 「スキルを持たないバトルカード」): no
    # text, as a keyword skill is a skill too (1-3-2).
    skill_less: bool = False
    # With `traits`: the card has every one of them, not any (DBS FW "Extra with both 《A》 and 《B》 in its
    # special traits", 「特徴《A》と《B》を持つエクストラ」).
    all_traits: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in _FILTER_KEYS:
            value = getattr(self, key)
            if key == "any_of" and value:
                out[key] = [f.to_dict() for f in value]
            elif value is not None and value != () and value is not False:
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True, slots=True)
class Condition:
    """What must hold for an effect to happen (DBS FW "If you have 7 or fewer cards in your hand, ...");
    `filter`: the cards in play that a control-* condition counts (DBS FW "If you have 2 or more Battle Cards
    with 《Namekian》 in their special traits, ...", FFTCG "If you control 3 or more Fire Backups, ...");
    `leader`: your Leader must be a card it names too (DBS FW "If your Leader is <Son Goku> and your life is
    at 2 or less, ..."), for any kind but `leader`."""

    kind: str
    n: int = 0
    filter: CardFilter | None = None
    leader: CardFilter | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind in _COUNTED_CONDITIONS:
            out["n"] = self.n
        if self.filter is not None:
            out["filter"] = self.filter.to_dict()
        if self.leader is not None:
            out["leader"] = self.leader.to_dict()
        return out

    @classmethod
    def from_dict(cls, where: str, data: Any) -> Condition:
        if not isinstance(data, Mapping) or set(data) - {"kind", "n", "filter", "leader"}:
            raise DeckFileError(f"{where}: 'if' must be an object with 'kind' (and 'n', 'filter', 'leader').")
        kind = data.get("kind")
        if kind not in CONDITIONS:
            raise DeckFileError(f"{where}: 'if' kind must be one of {', '.join(CONDITIONS)}, not {kind!r}.")
        n = data.get("n", 0)
        counted = kind in _COUNTED_CONDITIONS
        if (
            isinstance(n, bool)
            or not isinstance(n, int)
            or not 0 <= n <= LARGEST_N
            or (counted != ("n" in data))
        ):
            raise DeckFileError(
                f"{where}: 'if' {kind} "
                + ("needs 'n', a whole number from 0 to 99." if counted else "takes no 'n'.")
            )
        if (kind in _FILTERED_CONDITIONS) != ("filter" in data):
            raise DeckFileError(
                f"{where}: 'if' {kind} "
                + ("needs a 'filter'." if kind in _FILTERED_CONDITIONS else "takes no 'filter'.")
            )
        chosen = _read_filter(where, data["filter"]) if "filter" in data else None
        if "leader" in data and kind == "leader":
            raise DeckFileError(f"{where}: 'if' leader takes no 'leader' (its 'filter' names the Leader).")
        leader = _read_filter(where, data["leader"]) if "leader" in data else None
        return cls(kind, n, chosen, leader)


@dataclass(frozen=True, slots=True)
class Effect:
    when: str
    do: str
    n: int = 0
    filter: CardFilter | None = None  # None: the card itself, for haste, cost and play; any card for search
    optional: bool = False
    once_per_turn: bool = False
    paid: bool = False
    end_break: bool = False
    per_opponent_hand: bool = False
    # A search, or a `play` from the deck, that looks only at the deck's top cards; 0: all. The others go to
    # the deck's bottom, or where `rest` says (REST_PLACES).
    top: int = 0
    rest: str = ""
    # A search that turns the deck's cards over one at a time until one its filter names, the others
    # turned over shuffled to the deck's bottom (FFTCG "turn over one card at a time from the top of your
    # deck until a Wind or Earth card is revealed. Add it to your hand. Then, shuffle the other cards and
    # return them to the bottom of your deck."): the next draws are the cards after the one found.
    until: bool = False
    elements: tuple[str, ...] = ()  # a resource's element, any of these (FFTCG 《Fire》); (): the card's
    condition: Condition | None = None  # None: it always happens
    zone: str = ""  # `from` (FROM_ZONES); "": the deck for a search, the hand for a play
    # For an `action` ability (FFTCG "《Fire》《1》: ..."), or an optional effect when the card enters that
    # happens only when paid (FFTCG "When Mog enters the field, you may pay 《Water》. When you do so, draw 1
    # card."): the CP its cost asks, and the elements of its element symbols, one a symbol (that many of the
    # CP must be of each: 《Fire》《Fire》 is two "fire").
    cp: int = 0
    cp_elements: tuple[str, ...] = ()
    # For an `action` ability only: what its cost does to the card itself besides the CP (SELF_COSTS):
    # "discard" it from the hand, the ability used while it is there (FFTCG "《Ice》, discard Black Mage:
    # Draw 1 card. You can only use this ability if Black Mage is in your hand."); "break": it is dulled
    # and put from the field into the Break Zone (FFTCG "《Earth》《Dull》, put Scholar into the Break Zone:
    # ..."); "": nothing.
    self_cost: str = ""
    # For `cost`: n counts once for each character you control that `per` names (FFTCG "reduced by 1
    # for each Category XV Character you control"), and the smallest the cost becomes by it ("(it cannot
    # become 0)": 1). For a DBS FW `power` on `battle`: n once for each of your cards `per` names (its
    # `type` None: your Leader and Battle Cards), "that card gets +5000 power for the battle for each card
    # with 《X》 in its special traits among your Leader and Battle Cards".
    per: CardFilter | None = None
    floor: int = 0
    # For a `power` for the turn with a `filter` (DBS FW): how many of the cards it names the player chooses
    # to get it, "choose up to 2 of your Battle Cards with 《X》 ... and they get ...": 0 one (the default),
    # or up to that many; LARGEST_N all of them ("choose all of your Battle Cards with 《X》 ...").
    targets: int = 0
    rested: bool = False  # _FLAGS

    def on_itself(self, when: str, do: str) -> bool:
        """Whether this is the trigger and action `when`/`do` of the card itself (no filter)."""
        return self.when == when and self.do == do and self.filter is None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"when": self.when, "do": self.do}
        if self.do in _COUNTED:
            out["n"] = self.n
        if self.filter is not None:
            out["filter"] = self.filter.to_dict()
        for flag in _FLAGS:
            if getattr(self, flag):
                out[flag] = True
        if self.top:
            out["top"] = self.top
        if self.rest:
            out["rest"] = self.rest
        if self.until:
            out["until"] = True
        if self.elements:
            out["elements"] = list(self.elements)
        if self.condition is not None:
            out["if"] = self.condition.to_dict()
        if self.zone:
            out["from"] = self.zone
        if self.per is not None:
            out["per"] = self.per.to_dict()
        if self.floor:
            out["floor"] = self.floor
        if self.when == "action" or self.cp:
            out["cp"] = self.cp
        if self.cp_elements:
            out["cp_elements"] = list(self.cp_elements)
        if self.self_cost:
            out["self_cost"] = self.self_cost
        if self.targets:
            out["targets"] = self.targets
        return out

    @classmethod
    def from_dict(cls, where: str, data: Any) -> Effect:
        """Read one effect object; raise DeckFileError saying where and what is wrong."""
        if not isinstance(data, Mapping):
            raise DeckFileError(f"{where}: an effect must be an object with 'when' and 'do'.")
        unknown = set(data) - {
            "when", "do", "n", "filter", "top", "rest", "until", "elements", "if", "from", "per", "floor",
            "cp", "cp_elements", "self_cost", "targets", *_FLAGS,
        }  # fmt: skip
        if unknown:
            raise DeckFileError(f"{where}: unknown effect key(s) {', '.join(sorted(map(str, unknown)))}.")
        when, do = data.get("when"), data.get("do")
        if when not in TRIGGERS:
            raise DeckFileError(f"{where}: 'when' must be one of {', '.join(TRIGGERS)}, not {when!r}.")
        if do not in ACTIONS:
            raise DeckFileError(f"{where}: 'do' must be one of {', '.join(ACTIONS)}, not {do!r}.")
        n = data.get("n", 1 if do in _COUNTED and do != "cost" else 0)
        largest = LARGEST_POWER if do in ("power", "forward-damage", "power-loss") else LARGEST_N
        if isinstance(n, bool) or not isinstance(n, int) or abs(n) > largest:
            raise DeckFileError(f"{where}: 'n' must be a whole number from -{largest} to {largest}.")
        if do in _COUNTED and do != "cost" and n < 1:
            raise DeckFileError(f"{where}: '{do}' needs 'n' of at least 1.")
        if do == "cost" and n == 0:
            raise DeckFileError(f"{where}: 'cost' needs a non-zero 'n' (negative: cheaper).")
        if do in ("pay-any", "make-any") and (when != "static" or n != 0):
            raise DeckFileError(f"{where}: '{do}' is 'static' and takes no 'n'.")
        if do == "make-any" and data.get("filter") is None:
            raise DeckFileError(f"{where}: 'make-any' needs a 'filter' of the Backups that make any element.")
        _check_name_limit(where, data, when, do, n)
        flags = {}
        for flag in _FLAGS:
            value = data.get(flag, False)
            if not isinstance(value, bool):
                raise DeckFileError(f"{where}: '{flag}' must be true or false.")
            flags[flag] = value
        top, until = _read_deck_place(where, data, do, n)
        rest = data.get("rest", "")
        if "rest" in data and (rest not in REST_PLACES or not top):
            raise DeckFileError(
                f"{where}: 'rest' belongs to a look at the 'top' cards, one of {', '.join(REST_PLACES)}."
            )
        elements = data.get("elements", [])
        if not isinstance(elements, list) or not all(isinstance(e, str) and e for e in elements):
            raise DeckFileError(f"{where}: 'elements' must be a list of element names.")
        if elements and do != "resource":
            raise DeckFileError(f"{where}: 'elements' belongs to a 'resource' only.")
        _check_flags(where, flags, when, do, "per" in data)
        zone = _read_zone(where, data, do, top)
        if flags["rested"] and do == "charge" and zone != "drop":
            raise DeckFileError(f"{where}: {_RESTED_ONLY}")
        floor = _whole_number(where, data, "floor")
        if floor and do != "cost":
            raise DeckFileError(f"{where}: 'floor' belongs to a 'cost' only.")
        if "per" in data and do != "cost" and (when, do) != ("battle", "power"):
            raise DeckFileError(f"{where}: 'per' belongs to a 'cost' or a 'power' on 'battle' only.")
        cp, cp_elements = _read_cp(where, when, flags["optional"], data)
        self_cost = data.get("self_cost", "")
        if "self_cost" in data and (when != "action" or self_cost not in SELF_COSTS):
            raise DeckFileError(
                f"{where}: 'self_cost' belongs to an 'action' only, one of {', '.join(SELF_COSTS)}."
            )
        raw_filter = data.get("filter")
        chosen = None if raw_filter is None else _read_filter(where, raw_filter)
        _check_chosen(where, do, chosen)
        condition = None if data.get("if") is None else Condition.from_dict(where, data["if"])
        if (when == "ally-enters") != (condition is not None and condition.kind == "entering"):
            raise DeckFileError(f"{where}: 'ally-enters' goes with an 'if' 'entering', and only it.")
        per = None if data.get("per") is None else _read_filter(f"{where}, per", data["per"])
        targets = _read_targets(where, data, do, chosen)
        return cls(
            when,
            do,
            n,
            chosen,
            top=top,
            rest=rest,
            until=until,
            elements=tuple(e.lower() for e in elements),
            condition=condition,
            zone=zone,
            per=per,
            floor=floor,
            cp=cp,
            cp_elements=cp_elements,
            self_cost=self_cost,
            targets=targets,
            **flags,
        )


def _check_name_limit(where: str, data: Mapping[str, Any], when: str, do: str, n: int) -> None:
    """`name-limit` and `attack-twice` are `static` without `n`; a `name-limit` names a name alone."""
    if do in ("name-limit", "attack-twice") and (when != "static" or n != 0):
        raise DeckFileError(f"{where}: '{do}' is 'static' and takes no 'n'.")
    raw = data.get("filter")
    if do == "name-limit" and not (isinstance(raw, Mapping) and set(raw) == {"name"}):
        raise DeckFileError(f"{where}: 'name-limit' needs a 'filter' of a 'name' alone.")


def _whole_number(where: str, data: Mapping[str, Any], key: str) -> int:
    """The whole number from 0 to LARGEST_N that `data` gives under `key`, 0 when it gives none."""
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LARGEST_N:
        raise DeckFileError(f"{where}: '{key}' must be a whole number from 0 to {LARGEST_N}.")
    return value


def _read_cp(where: str, when: str, optional: bool, data: Mapping[str, Any]) -> tuple[int, tuple[str, ...]]:
    """An action ability's CP cost, or the CP an optional effect on entering is paid with: `cp` (0 to 99;
    at least 1 on entering) and `cp_elements`, no more of them than `cp`."""
    cp_elements = data.get("cp_elements", [])
    paid_on_entering = when == "enters" and optional
    if ("cp" in data or "cp_elements" in data) and when != "action" and not paid_on_entering:
        raise DeckFileError(
            f"{where}: 'cp' and 'cp_elements' belong to an 'action' or an optional 'enters' only."
        )
    cp = _whole_number(where, data, "cp")
    if when == "enters" and "cp" in data and cp < 1:
        raise DeckFileError(f"{where}: 'cp' on entering must be at least 1.")
    if not isinstance(cp_elements, list) or not all(isinstance(e, str) and e for e in cp_elements):
        raise DeckFileError(f"{where}: 'cp_elements' must be a list of element names.")
    if len(cp_elements) > cp:
        raise DeckFileError(f"{where}: 'cp_elements' names more CP than 'cp' asks.")
    return cp, tuple(e.lower() for e in cp_elements)


_RESTED_ONLY = "'rested' belongs to a 'resource' or a 'charge' 'from' the 'drop', or a 'play', only."


def _check_flags(where: str, flags: Mapping[str, bool], when: str, do: str, has_per: bool) -> None:
    """The flags that belong to some effects only: `paid`, `per_opponent_hand`, `end_break`, `rested` (its
    `charge` from the drop area: checked with its `from`)."""
    if flags["paid"] != (do in ("ko", "drop-energy")) and do not in ("discard", "mill"):
        raise DeckFileError(
            f"{where}: 'paid' belongs to a 'discard', 'mill', 'ko' or 'drop-energy', and the last two need"
            " it."
        )
    if flags["per_opponent_hand"] and (when != "static" or do != "cost" or has_per):
        raise DeckFileError(f"{where}: 'per_opponent_hand' belongs to a 'static' 'cost' without 'per'.")
    if flags["end_break"] and (when, do) != ("action", "forward"):
        raise DeckFileError(f"{where}: 'end_break' belongs to a 'forward' on 'action' only.")
    if flags["rested"] and do not in ("resource", "charge", "play"):
        raise DeckFileError(f"{where}: {_RESTED_ONLY}")


def _check_chosen(where: str, do: str, chosen: CardFilter | None) -> None:
    """An action on a chosen character names what it chooses; a `state` belongs to such a choice only."""
    if do in CHOSEN_ACTIONS and (chosen is None or chosen.any_of):
        raise DeckFileError(f"{where}: '{do}' needs a 'filter' of what it chooses (no 'any_of').")
    if chosen is not None and chosen.state is not None and do not in CHOSEN_ACTIONS:
        raise DeckFileError(f"{where}: filter 'state' belongs to {', '.join(sorted(CHOSEN_ACTIONS))}.")


def _read_deck_place(where: str, data: Mapping[str, Any], do: str, n: int) -> tuple[int, bool]:
    """A search's `top` (the deck's top cards it looks at; a `play` from the deck's too) and `until` (cards
    turned over until one it names), each for a `search` of the deck only; `until` for 1 card."""
    top = _whole_number(where, data, "top")
    if top and do != "search" and not (do == "play" and data.get("from") == "deck"):
        raise DeckFileError(f"{where}: 'top' belongs to a 'search' or a 'play' from the 'deck' only.")
    until = data.get("until", False)
    if not isinstance(until, bool):
        raise DeckFileError(f"{where}: 'until' must be true or false.")
    if until and (do != "search" or n != 1 or top or "from" in data):
        raise DeckFileError(f"{where}: 'until' belongs to a 'search' of the deck for 1 card, not 'top'.")
    return top, until


def _read_targets(where: str, data: Mapping[str, Any], do: str, chosen: CardFilter | None) -> int:
    """An effect's `targets`: for a `power` with a `filter` only, 2 or more (up to that many chosen, or
    LARGEST_N: all of them)."""
    targets = _whole_number(where, data, "targets")
    if "targets" in data and (do != "power" or chosen is None or targets < 2):
        raise DeckFileError(f"{where}: 'targets' belongs to a 'power' with a 'filter', 2 or more.")
    return targets


def _read_zone(where: str, data: Mapping[str, Any], do: str, top: int) -> str:
    """An effect's `from`: the zone a search, a play or a charge (DBS FW's drop area only) takes from."""
    zone = data.get("from", "")
    if "from" in data and zone not in FROM_ZONES:
        raise DeckFileError(f"{where}: 'from' must be one of {', '.join(FROM_ZONES)}, not {zone!r}.")
    if zone and do not in ("search", "play", "charge"):
        raise DeckFileError(f"{where}: 'from' belongs to a 'search', a 'play' or a 'charge' only.")
    if do == "charge" and zone not in ("", "drop"):
        raise DeckFileError(f"{where}: a 'charge' is 'from' the 'drop' only.")
    if zone == "deck" and do != "play":
        raise DeckFileError(f"{where}: 'from' 'deck' belongs to a 'play' only.")
    if zone not in ("", "deck") and top:
        raise DeckFileError(f"{where}: 'top' is the deck's, not the {zone}'s.")
    return str(zone)


def _read_filter(where: str, data: Any, nested: bool = False) -> CardFilter:
    if not isinstance(data, Mapping):
        raise DeckFileError(f"{where}: 'filter' must be an object.")
    # A filter inside `any_of` is a plain one: alternatives of alternatives say nothing more.
    unknown = set(data) - set(_FILTER_KEYS) if not nested else set(data) - set(_FILTER_KEYS[:-1])
    if unknown:
        raise DeckFileError(f"{where}: unknown filter key(s) {', '.join(sorted(map(str, unknown)))}.")
    if "any_of" in data:
        alternatives = data["any_of"]
        if len(data) > 1 or not isinstance(alternatives, list) or len(alternatives) < 2:
            raise DeckFileError(f"{where}: filter 'any_of' stands alone and lists at least two filters.")
        return CardFilter(
            any_of=tuple(
                _read_filter(f"{where}, any_of {i + 1}", f, nested=True) for i, f in enumerate(alternatives)
            )
        )
    values: dict[str, Any] = {}
    if "state" in data:
        if data["state"] not in STATES:
            raise DeckFileError(f"{where}: filter 'state' must be one of {', '.join(STATES)}.")
        values["state"] = data["state"]
    for key in ("type", "name", "other_than", "name_includes"):
        if key in data:
            if not isinstance(data[key], str) or not data[key]:
                raise DeckFileError(f"{where}: filter '{key}' must be text.")
            values[key] = data[key].lower() if key == "type" else data[key]
    for key in ("traits", "colors"):
        if key in data:
            if not isinstance(data[key], list) or not all(isinstance(v, str) for v in data[key]):
                raise DeckFileError(f"{where}: filter '{key}' must be a list of text.")
            values[key] = tuple(v.lower() if key == "colors" else v for v in data[key])
    for key in ("skill_less", "all_traits"):
        if key in data:
            if data[key] is not True:
                raise DeckFileError(f"{where}: filter '{key}' must be true when given.")
            values[key] = True
    if values.get("all_traits") and len(values.get("traits", ())) < 2:
        raise DeckFileError(f"{where}: filter 'all_traits' needs two or more 'traits'.")
    for key in ("cost_max", "cost_min"):
        if key in data:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LARGEST_N:
                raise DeckFileError(f"{where}: filter '{key}' must be a whole number from 0 to {LARGEST_N}.")
            values[key] = value
    return CardFilter(**values)


def read_effects(where: str, data: Any) -> tuple[Effect, ...]:
    """A deck file's `effects` list: `[]` is a card played as vanilla on purpose."""
    if not isinstance(data, list):
        raise DeckFileError(f"{where}: 'effects' must be a list of effect objects.")
    return tuple(Effect.from_dict(f"{where}, effect {i + 1}", e) for i, e in enumerate(data))


_WHEN_WORDS = {
    "enters": "when it enters the field",
    "attacks": "when it attacks",
    "cast": "when it resolves",
    "turn-start": "at the start of your main phase",
    "static": "always",
    "dull": "dull it",
    "awaken": "when the Leader awakens",
    "battle": "used in your attack",
    "special": "by its special ability (discard a card of its name)",
    "action": "by its action ability",
    "combo": "when you use a card in a combo while it is in a battle",
    "battle-area-combo": "when a card of your Battle Area is used in a combo while it is in a battle",
    "ally-enters": "when a character enters your field",
    "damages": "when it deals damage to the opponent",
    "used-in-combo": "when it is used in a combo from your Battle Area",
}


_TYPE_NOUNS = {"battle": "Battle Card"}  # DBS FW's type, as its cards print it


def _kind(f: CardFilter | None, plural: bool) -> str:
    """The cards a filter names, in words: "Fire Forward of cost 3 or less", "cards named "Mira""."""
    if f is not None and f.any_of:
        return " or ".join(_kind(alternative, plural) for alternative in f.any_of)
    noun = (_TYPE_NOUNS.get(f.type, f.type.capitalize()) if f is not None and f.type else "card") + (
        "s" if plural else ""
    )
    if f is None:
        return noun
    words = [" or ".join(c.capitalize() for c in f.colors), noun] if f.colors else [noun]
    if f.name is not None:
        words.append(f'named "{f.name}"')
    if f.traits:
        words.append("with the trait " + (" and " if f.all_traits else " or ").join(f.traits))
    if f.cost_min is not None and f.cost_min == f.cost_max:
        words.append(f"of cost {f.cost_min}")
    elif f.cost_min is not None:
        words.append(
            f"of cost {f.cost_min} or more" + ("" if f.cost_max is None else f" and {f.cost_max} or less")
        )
    elif f.cost_max is not None:
        words.append(f"of cost {f.cost_max} or less")
    if f.other_than is not None:
        words.append(f'not named "{f.other_than}"')
    if f.name_includes is not None:
        words.append(f'with "{f.name_includes}" in its name')
    if f.skill_less:
        words.insert(0, "skill-less")
    if f.state is not None:
        words.insert(0, f.state)
    return " ".join(words)


def _of(elements: tuple[str, ...]) -> str:
    return " or ".join(e.capitalize() for e in elements) + " " if elements else ""


def _count(f: CardFilter | None, n: int) -> str:
    if f is not None and f.any_of:
        return " or ".join(_count(alternative, n) for alternative in f.any_of)
    if n != 1:
        return f"{n} {_kind(f, True)}"
    kind = _kind(f, False)
    return f"{'an' if kind[:1].lower() in 'aeio' else 'a'} {kind}"  # "an Ice card", "a Unit"


_CONDITION_WORDS = {
    "hand-at-most": "if you have {n} or fewer cards in your hand",
    "energy-at-least": "if you have {n} or more energy",
    "drop-at-least": "if you have {n} or more cards in your drop area",
    "life-at-most": "if your life is at {n} or less",
    "awakened": "if your Leader is awakened",
    "marker": "if you have an energy marker",
    "no-marker": "if you have no energy marker",
    "marker-paid": "if you removed an energy marker to use this card",
    "combo-at-least": "if you have {n} or more cards in your combo area",
    "active-energy-at-least": "if you have {n} or more energy in Active Mode",
    "control-at-least": "if you have at least {count} in play",
    "control-at-most": "if you have at most {count} in play",
    "leader": "if your Leader is {one}",
    "rested": "if this card is rested",
    "in-drop-at-least": "if you have at least {count} in your drop area",
    "rested-control-at-least": "if you have at least {count} in Rest Mode in play",
    "entering": "if it is {one}",
    "cast-at-least": "if you have cast {n} or more cards this turn",
    "in-break-zone-at-least": "if you have at least {count} in your Break Zone",
}


_ZONE_WORDS = {"break-zone": "Break Zone", "drop": "drop area", "deck": "deck"}


def _power_for(effect: Effect) -> str:
    """Whose power a `power` raises, in words: the card's own (no filter), your Leader, all of your cards a
    `static` filter names, or one of them a skill of a turn chooses (or up to `targets` of them, or all)."""
    f = effect.filter
    if f is None:
        return ""
    if f.type == "leader":
        return f" for your {_kind(f, False)}"
    if effect.when == "static" or effect.targets == LARGEST_N:
        return f" for your {_kind(f, True)}"
    return f" for {f'each of up to {effect.targets}' if effect.targets else '1'} of your {_kind(f, True)}"


def _condition_words(c: Condition) -> str:
    words = _CONDITION_WORDS[c.kind].format(n=c.n, count=_count(c.filter, c.n), one=_count(c.filter, 1))
    if c.leader is None:
        return words
    return f"if your Leader is {_count(c.leader, 1)} and {words.removeprefix('if ')}"


def describe(effect: Effect) -> str:
    """An effect in a player's words: "when it enters the field, draw 1 card"."""
    n, f = effect.n, effect.filter
    where = f"the top {effect.top} cards" if effect.top else "your deck"
    others = {
        "shuffled": ", the others shuffled to the bottom",
        "break-zone": ", the others into the Break Zone",
        "top": ", the others left on the top",
    }
    if effect.until:
        where = "your deck card by card from the top (the others turned over shuffled to its bottom)"
    what = {
        "draw": f"draw {n} card{'s' if n != 1 else ''}",
        "damage": f"{n} damage to the opponent",
        "haste": "Haste"
        if f is None
        else f"Haste for your {_kind(f, True)}"
        if effect.when == "static"
        else f"{_count(f, 1)} you control, chosen, gains Haste until the end of the turn",
        "cost": f"costs {abs(n)} {'less' if n < 0 else 'more'}"
        + ("" if f is None else f" for your {_kind(f, True)}")
        + ("" if effect.per is None else f" for each {_kind(effect.per, False)} you control")
        + (" for each card in the opponent's hand" if effect.per_opponent_hand else "")
        + (f" (never below {effect.floor})" if effect.floor else ""),
        "search": f"search {where} for {_count(f, n)}{others.get(effect.rest, '')}"
        if not effect.zone
        else f"add {_count(f, n)} from your {_ZONE_WORDS[effect.zone]} to your hand",
        "resource": f"{n} more {_of(effect.elements)}resource this turn"
        if not effect.rested
        else f"put the top {n} card{'s' if n != 1 else ''} of your deck into your energy area",
        "play": f"play {_count(f, 1)} from "
        + (where if effect.top else "your " + _ZONE_WORDS.get(effect.zone, "hand"))
        + f" for free{others.get(effect.rest, '')}",
        "life": f"take {n} life card{'s' if n != 1 else ''} into your hand",
        "discard": f"discard {n} card{'s' if n != 1 else ''} from your hand",
        "power": f"+{n} power"  # GBF: ATK
        + _power_for(effect)
        + (f" for each of your {_kind(effect.per, True)}" if effect.per is not None else "")
        + (
            ""
            if effect.when == "static"
            else " for the card in the battle"
            if effect.when == "battle"
            else " this turn"
        ),
        "activate": f"activate {_count(f, n)} you control" if f is not None else "activate itself",
        "forward": "also a Forward until the end of the turn"
        + (", when it is broken" if effect.end_break else "")
        if effect.when == "action"
        else "also a Forward"
        if effect.condition is not None
        else "also a Forward during your turn",
        "light-dark": "may enter beside your other characters of its element, Light or Dark"
        if f is None
        else f"your {_kind(f, True)} may enter beside each other",
        "name": f'also named "{f.name if f is not None else ""}" in all situations',
        "mill": f"place the top {n} card{'s' if n != 1 else ''} of your deck in your drop area",
        "recover": f"add {_count(f, n)} from your drop area to your hand",
        "no-untap": "does not untap at the start of your turn (DBS FW's charge phase, FFTCG's Active Phase)",
        "no-attack": "cannot attack",
        "must-attack": "attacks whenever it can",
        "ko-after-battle": "it is KO'd at the end of that battle",
        "bottom-at-turn-end": "it is placed at the bottom of your deck at the end of the turn",
        "enters-dull": "enters the field dull",
        "monster": "also a Monster in all situations (what names Monsters names it too)",
        "marker": f"place {n} energy marker{'s' if n != 1 else ''}",
        "charge": f"put {n} card{'s' if n != 1 else ''} from your hand into your energy area",
        "activate-energy": f"switch {n} of your rested energy card{'s' if n != 1 else ''} to Active Mode",
        "break": f"choose {_count(f, 1)} and break it",
        "ko": f"KO {_count(f, n)} of yours",
        "drop-energy": f"place {n} of your energy card{'s' if n != 1 else ''} in your drop area",
        "dull": f"choose {_count(f, 1)} and dull it",
        "freeze": f"choose {_count(f, 1)} and freeze it",
        "forward-damage": f"choose {_count(f, 1)} and deal it {n} damage",
        "return": f"choose {_count(f, 1)} and return it to its owner's hand",
        "power-loss": f"choose {_count(f, 1)} and it loses {n} power until the end of the turn",
        "warp": f"remove it from the game with {n} Warp counter{'s' if n != 1 else ''}; one comes off at the"
        " start of each of your main phases 1, and it enters the field when the last does",
        "pay-any": "its cost may be paid with CP of any element"
        if f is None
        else f"the cost of your {_kind(f, True)} may be paid with CP of any element",
        "make-any": f"your {_kind(f, True)} make CP of any element",
        "name-limit": "shares the field's limit of one character of a name with cards named "
        + f'"{f.name if f else ""}"',
        "attack-twice": "may attack twice in a turn (a second time while it is active)",
        "order": f"look at the top {n} card{'s' if n != 1 else ''} of your deck and put them back on the top"
        " and/or at the bottom in any order",
        "strike": f"its attacks deal {n} damage",
        "opponent-mill": f"the top {n} card{'s' if n != 1 else ''} of the opponent's deck into its Break"
        " Zone",
    }[effect.do]
    if effect.rested:
        what += " in Rest Mode"
    if effect.do in CHOSEN_ACTIONS:
        what += " (one of yours, since this opponent has none)"
    if effect.when == "action" and effect.do == "haste":
        what += " until the end of the turn"
    if effect.paid:
        what = f"{what} to pay for what follows"
    if effect.optional:
        what = "may " + what
    if effect.when == "enters" and effect.cp:
        what = f"{what}, paying {_cp_words(effect)}"
    if effect.condition is not None:
        what = _condition_words(effect.condition) + ", " + what
    if effect.when == "static":
        return what
    if effect.when == "action":
        itself = {
            "discard": " and discarding it from your hand",
            "break": " and dulling it and putting it into the Break Zone",
        }.get(effect.self_cost, "")
        if effect.do == "warp":
            return f"by Warp from your hand, paying {_cp_words(effect)}: {what}"
        return f"{_WHEN_WORDS['action']}, paying {_cp_words(effect)}{itself}: {what}"
    return f"{_WHEN_WORDS[effect.when]}{': ' if effect.when == 'dull' else ', '}{what}"


def _cp_words(effect: Effect) -> str:
    """An action ability's cost in words: "0 CP", "2 CP (1 Fire)", "2 CP (2 Lightning)"."""
    counts = {e: effect.cp_elements.count(e) for e in dict.fromkeys(effect.cp_elements)}
    of = ", ".join(f"{n} {e.capitalize()}" for e, n in counts.items())
    return f"{effect.cp} CP" + (f" ({of})" if of else "")
