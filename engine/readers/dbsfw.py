"""DBS Fusion World card text into effects: the English wording of the official card list (skills in
【】 or [] brackets) and the Japanese.

A skill is one part: its timing tag, then its action, one sentence or a draw and the discard after it
("Draw 1 card. Then, discard 1 card from your hand."), or a discard paid for a draw ("Discard 1 card from
your hand : Draw 2 cards."). 【On Play】 is `enters`, 【When Attacking】 and 【Auto】 "When this card
attacks," `attacks` (with 【Once per turn】 too: a card attacks once a turn unless text untaps it, which
the goldfish does not play), 【Activate: Main】 on an Extra `cast` (an Extra's skill resolves when it is
used, 12-2-2). Damage is what 5-8-1 calls it: "deal N damage to a player" or "to a player's life".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from engine.effects import LARGEST_N, CardFilter, Condition, Effect
from engine.readers.numbers import number

# A skill the lists print glued to the one before it, on its line ("[When Attacking] Draw 1 card.[Awaken]
# When your life is ...", 「…カード1枚を引く。【覚醒】…」): it opens a line, for the importer (its
# keywords) and the text report (its parts) alike.
GLUED_SKILL = re.compile(r"(?<=[).。])(?=[\[【])")
_N = r"(\d+|one|two|three)"


def _tag(*names: str) -> str:
    return r"[【\[](?:" + "|".join(names) + r")[】\]]\s*"


_ONCE = r"(?P<once>[【\[](?:Once per turn|ターン1回)[】\]]\s*)"
_YOUR_TURN = "(?:" + _tag("Your Turn", "自分のターン中") + ")?"
_TIMINGS = (
    (_tag("On Play", "登場時"), "enters"),
    # also when the card is KO'd: only your own text KOs your cards here, which is not played
    # (engine/played_text/dbsfw.py, _KO), so its On Play is all of it that happens
    (_tag("On Play/When KO'd", "登場時/KO時"), "enters"),
    (_tag("When Attacking", "アタック時") + _ONCE + "?", "attacks"),
    (_tag("Auto") + _ONCE + r"?When this card attacks, ", "attacks"),
    (_tag("自動") + _ONCE + r"?このカードがアタックした時、", "attacks"),
    # (an Extra's is used once: it goes to the drop area; a Battle card's [Once per turn] one, or a Field's,
    # stays: engine/goldfish/dbsfw.py, `applies`)
    (_tag("Activate:? Main(?:/Battle)?", "起動 ?メイン(?:/戦闘中)?") + _ONCE + "?", "cast"),  # 1-3-4-1
    # an [Activate Main] whose cost is resting the card itself (1-3-4-2): `dull`, a Battle card's or a
    # Field's in the Battle Area (engine/goldfish/dbsfw.py, `applies`)
    (
        _tag("Activate:? Main", "起動 ?メイン")
        + r"(?:Switch this card(?: in a Battle Area)? to Rest Mode ?: ?"
        + r"|(?:バトルエリアの)?このカードをレストにする ?[：:] ?)",
        "dull",
    ),
    # a Battle card's [Auto] when a card is used in a combo (5-6-3) while it is in a battle, any card or only
    # one of your Battle Area; [Your Turn] changes nothing, as only the attacker combos here
    (
        _tag("Auto", "自動")
        + _YOUR_TURN
        + _ONCE
        + "?(?:When you use a card in a combo while this card is in a battle, "
        + "|このカードの戦闘中、自分がコンボした時、)",
        "combo",
    ),
    (
        _tag("Auto", "自動")
        + _ONCE
        + "?(?:When a card is used in a combo from your Battle Area while this card is in a battle, "
        + "|このカードの戦闘中、自分がバトルエリアからコンボした時、)",
        "battle-area-combo",
    ),
    # a Battle card's [Auto] when it is itself used in a combo from your Battle Area (5-6-3)
    (
        _tag("Auto", "自動")
        + "(?:When this card is used in a combo from the Battle Area, "
        + "|バトルエリアからこのカードでコンボした時、)",
        "used-in-combo",
    ),
    # an Extra used in a battle, in your own turn's attacks (1-3-4-1-2)
    (
        _tag("Activate:? Battle", "起動 ?戦闘中") + "(?:" + _tag("Your Turn", "自分のターン中") + ")?",
        "battle",
    ),
)
# A Permanent skill of every turn, or of your own (the opponent's turn, in which this opponent only draws,
# is moot: engine/played_text/dbsfw.py).
_PERMANENT = _tag("Permanent", "永続") + "(?:" + _tag("Your Turn", "自分のターン中") + ")?"


# A Battle Card of yours by a name (of a cost or not), or with a trait and not by a name: "If there is a
# <Babidi> in your Battle Area, ...", "If you have a <Broly : BR> with a cost of 7 or more in your Battle
# Area, ...", "If you have a <Caulifla> Battle Card with a cost of 5, ...", "If you have a
# non-<King Piccolo> Battle Card with 《Demon Clan》 in its special traits in your Battle Area, ..."
# (`_in_battle_area`). "In your Battle Area" alone counts the Field there too, an Extra, which no
# character's name names.
_IF_BATTLE_AREA = (
    r"there is a <(?P<aname>[^<>]+)> in your Battle Area"
    r"|you have a (?:<(?P<aname2>[^<>]+)> Battle Card with a cost of (?P<acost>\d+)(?P<amore> or more)?"
    r"(?: in your Battle Area)?"
    r"|<(?P<aname3>[^<>]+)> with a cost of (?P<acost2>\d+)(?P<amore2> or more)? in your Battle Area"
    r"|non-<(?P<aother>[^<>]+)> Battle Card with 《(?P<atrait>[^》]+)》 in its special traits"
    r"(?: in your Battle Area)?)"
    r"|there is a Battle Card with a cost of (?P<acost3>\d+) or more in your Battle Area"
)
# 「自分のバトルエリアに「X」がある」 (or 「…の「X」がある」),
# 「自分のバトルエリアにコスト7以上の「X」がある」, 「自分のコスト5の「X」のバトルカードがある」,
# 「自分のバトルエリアに「X」以外の特徴《Y》を持つバトルカードがある」
_IF_BATTLE_AREA_JA = (
    r"(?:バトルエリア[にの](?:コスト(?P<acost>\d+)(?P<amore>以上)?の)?「(?P<aname>[^」]+)」(?:のバトルカード)?"
    r"|コスト(?P<acost2>\d+)(?P<amore2>以上)?の「(?P<aname2>[^」]+)」のバトルカード"
    r"|バトルエリアに「(?P<aother>[^」]+)」以外の特徴《(?P<atrait>[^》]+)》を持つバトルカード"
    r"|バトルエリアにコスト(?P<acost3>\d+)以上のバトルカード)がある"
)
# A condition before a draw or a card's own power ("If you have 7 or fewer cards in your hand, draw 1 card."),
# the ones the simulator checks (engine.effects.CONDITIONS); a marker is not energy (1-11-3).
_IF = (
    r"(?:If (?:you have (?P<hand>\d+) or fewer cards in your hand|your Leader is (?P<awakened>awakened)"
    # your Leader by its name or a trait (either face: the one in the Leader Area when it resolves)
    r"|your Leader (?:is <(?P<leader>[^<>]+)>|has 《(?P<ltrait>[^》]+)》 in its special traits"
    r"|has <(?P<lpart>[^<>]+)> in its card name)"
    r"|you have (?P<energy>\d+) or more energy|you have (?P<drop>\d+) or more cards in your Drop"
    r"|your life is at (?P<life>\d+) or less|you have an (?P<marker>energy marker)"
    # the card's own cost paid with an energy marker (5-3-1)
    r"|you (?P<marker_paid>removed an energy marker to use this card)"
    # the combo area holds cards only in a battle (14-4-2)
    r"|you have (?:(?P<combo>\d+) or more cards|(?P<combo_one>a card)) in your Combo Area"
    r"|you have (?P<active>\d+) or more Active Mode energy"
    # your Battle Cards in Rest Mode (`_rested_count`)
    r"|you have (?:(?P<rbattles>\d+) or more Rest Mode Battle Cards with costs of (?P<rcost>\d+) or more in"
    r" your Battle Area|a Rest Mode <(?P<rname>[^<>]+)> Battle Card)"
    # this card rested (1-8), or a card a filter names in your drop area (`_in_drop`)
    r"|this card is in (?P<rested>Rest Mode)"
    r"|you have (?:<(?P<dname>[^<>]+)>|a (?P<dbattle>Battle Card) with a cost of (?P<dcost>\d+) or more)"
    r" in your Drop"
    # your cards in play (_COUNTED): Battle Cards with a trait or by a name, or with a trait among your
    # Leader and Battle Cards ("... among your Leader and Battle Cards in your Battle Area" says the same)
    r"|you have (?:(?P<battles>\d+) or more Battle Cards with 《(?P<btrait>[^》]+)》 in their special traits"
    r"|a <(?P<bname>[^<>]+)> Battle Card"
    r"|a total of (?P<total>\d+) or more cards with 《(?P<ttrait>[^》]+)》 in their special traits among your"
    r" Leader and Battle Cards(?: in your Battle Area)?"
    r"|a total of (?P<total2>\d+) or more <(?P<tname>[^<>]+)> and/or cards with 《(?P<ttrait2>[^》]+)》 in"
    r" their special traits among your Leader and Battle Cards)|" + _IF_BATTLE_AREA + r"), )"
)
_IF_JA = (
    r"(?:(?:自分の(?:手札が(?P<hand>\d+)枚以下|リーダーが(?P<awakened>覚醒)している|エナジーが(?P<energy>\d+)枚以上"
    r"|ドロップのカードが(?P<drop>\d+)枚以上|ライフが(?P<life>\d+)以下|(?P<marker>エナジーマーカー)がある"
    r"|コンボエリアにカードが(?:(?P<combo>\d+)枚以上|(?P<combo_one>))ある|アクティブのエナジーが(?P<active>\d+)枚以上"
    r"|バトルエリアにレストのコスト(?P<rcost>\d+)以上のバトルカードが(?P<rbattles>\d+)枚以上ある"
    r"|レストの「(?P<rname>[^」]+)」のバトルカードがある"
    r"|リーダーが(?:「(?P<leader>[^」]+)」|特徴《(?P<ltrait>[^》]+)》を持つ|カード名に「(?P<lpart>[^」]+)」を含む)"
    r"|特徴《(?P<btrait>[^》]+)》を持つバトルカードが(?P<battles>\d+)枚以上ある|「(?P<bname>[^」]+)」のバトルカードがある"
    r"|(?:リーダーと自分のバトルカードで|、リーダーとバトルエリアのバトルカードの)、特徴《(?P<ttrait>[^》]+)》を持つカードが合計"
    r"(?P<total>\d+)枚以上ある"
    r"|リーダーと自分のバトルカードで、「(?P<tname>[^」]+)」または特徴《(?P<ttrait2>[^》]+)》を持つカードが合計"
    r"(?P<total2>\d+)枚以上ある|ドロップに(?:「(?P<dname>[^」]+)」|コスト(?P<dcost>\d+)以上の(?P<dbattle>バトルカード))がある"
    r"|" + _IF_BATTLE_AREA_JA + r")|このカードが(?P<rested>レスト)"
    # the card's own cost paid with an energy marker (5-3-1)
    r"|(?P<marker_paid>このカードの使用にエナジーマーカーを取り除いていた))の?場合、)"
)
_CONDITION_GROUPS = (
    ("hand", "hand-at-most"),
    ("energy", "energy-at-least"),
    ("drop", "drop-at-least"),
    ("life", "life-at-most"),
    ("awakened", "awakened"),
    ("marker", "marker"),
    ("marker_paid", "marker-paid"),
    ("combo", "combo-at-least"),
    ("active", "active-energy-at-least"),
    ("rested", "rested"),
)


def _condition(m: re.Match[str]) -> Condition | None:
    """The condition a pattern with _IF or _IF_JA found, if any."""
    groups = m.groupdict()
    for group, kind in _CONDITION_GROUPS:
        value = groups.get(group)
        if value is not None:
            return Condition(kind, int(value)) if value.isdigit() else Condition(kind)
    if groups.get("combo_one") is not None:  # "a card in your Combo Area": 1 or more
        return Condition("combo-at-least", 1)
    return _counted_condition(groups) or _in_battle_area(groups) or _in_drop(groups) or _rested_count(groups)


def _rested_count(groups: dict[str, str | None]) -> Condition | None:
    """Your Battle Cards in Rest Mode: "2 or more ... with costs of 2 or more in your Battle Area" (this
    card among them), "a Rest Mode <Kid Hero> Battle Card"."""
    if groups.get("rbattles") is not None:
        found = CardFilter(type="battle", cost_min=int(str(groups["rcost"])))
        return Condition("rested-control-at-least", int(str(groups["rbattles"])), found)
    if groups.get("rname") is not None:
        return Condition("rested-control-at-least", 1, CardFilter(type="battle", name=groups["rname"]))
    return None


def _in_drop(groups: dict[str, str | None]) -> Condition | None:
    """1 or more cards in your drop area by a name, or Battle Cards of a smallest cost ("If you have a
    Battle Card with a cost of 3 or more in your Drop, ...")."""
    if groups.get("dname") is not None:
        return Condition("in-drop-at-least", 1, CardFilter(name=groups["dname"]))
    if groups.get("dbattle") is not None:
        return Condition("in-drop-at-least", 1, CardFilter(type="battle", cost_min=int(str(groups["dcost"]))))
    return None


def _in_battle_area(groups: dict[str, str | None]) -> Condition | None:
    """1 or more of your Battle Cards by a name, of a cost exactly or a smallest one ("with a cost of 7 or
    more"), with a trait and not by a name, or of a smallest cost alone ("If there is a Battle Card with a
    cost of 4 or more in your Battle Area, ...") (`_IF_BATTLE_AREA`)."""
    name = groups.get("aname") or groups.get("aname2") or groups.get("aname3")
    other = groups.get("aother")
    any_named = groups.get("acost3")
    if name is None and other is None and any_named is None:
        return None
    cost = groups.get("acost") or groups.get("acost2") or any_named
    more = groups.get("amore") or groups.get("amore2") or any_named
    found = CardFilter(
        type="battle",
        name=name,
        traits=(str(groups["atrait"]),) if other is not None else (),
        cost_min=int(cost) if cost else None,
        cost_max=int(cost) if cost and not more else None,
        other_than=other,
    )
    return Condition("control-at-least", 1, found)


def _counted_condition(groups: dict[str, str | None]) -> Condition | None:
    """A count of your cards in play: "2 or more Battle Cards with 《Namekian》" (they may include this
    card), "a <Whis> Battle Card", "a total of 3 or more cards with 《Ginyu Force》 ... among your Leader and
    Battle Cards", "a total of 2 or more <Cooler> and/or cards with 《Cooler's Squad》 ... among your Leader
    and Battle Cards" (a card of either kind counts once)."""
    if groups.get("battles") is not None:
        found = CardFilter(type="battle", traits=(str(groups["btrait"]),))
        return Condition("control-at-least", int(str(groups["battles"])), found)
    if groups.get("leader") is not None:
        return Condition("leader", filter=CardFilter(name=groups["leader"]))
    if groups.get("ltrait") is not None:
        return Condition("leader", filter=CardFilter(traits=(str(groups["ltrait"]),)))
    if groups.get("lpart") is not None:  # "If your Leader has <Son Goku> in its card name, ..."
        return Condition("leader", filter=CardFilter(name_includes=groups["lpart"]))
    if groups.get("bname") is not None:
        return Condition("control-at-least", 1, CardFilter(type="battle", name=groups["bname"]))
    if groups.get("total") is not None:
        return Condition(
            "control-at-least", int(str(groups["total"])), CardFilter(traits=(str(groups["ttrait"]),))
        )
    if groups.get("total2") is not None:  # "a total of 2 or more <Cooler> and/or cards with 《X》 ..."
        either = (CardFilter(name=groups["tname"]), CardFilter(traits=(str(groups["ttrait2"]),)))
        return Condition("control-at-least", int(str(groups["total2"])), CardFilter(any_of=either))
    return None


def _once(m: re.Match[str]) -> bool:
    return m.groupdict().get("once") is not None


def _counted(m: re.Match[str]) -> int:
    """The number a pattern names: `n`, or `n2` where an alternative names it (the Japanese word order of
    a draw, 「カードN枚を引く」)."""
    groups = m.groupdict()
    return number(groups["n"] or groups["n2"]) if "n2" in groups else number(groups["n"])


def _draw(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    may = m.groupdict().get("may") is not None
    return (Effect(when, "draw", _counted(m), optional=may, once_per_turn=_once(m), condition=_condition(m)),)


def _draw_then_discard(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    return _draw(when, m) + (Effect(when, "discard", number(m.group("d")), once_per_turn=_once(m)),)


def _discard_to_draw(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(when, "discard", number(m.group("d")), paid=True, once_per_turn=_once(m)),) + _draw(
        when, m
    )


def _power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(when, "power", _counted(m), condition=_condition(m)),)


def _strike(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The card gains a Strike keyword while a condition holds ("[Permanent] If you have 8 or more energy,
    this card gains [Double Strike].", 15-6-2): `strike`, its attacks' damage."""
    n = 3 if m.group("strike").lower() in ("triple", "トリプル") else 2
    return (Effect(when, "strike", n, condition=_condition(m)),)


def _energy(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(when, "resource", number(m.group("n")) if m.group("n") else 1),)


def _rested_energy(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The top cards of the deck into the energy area in Rest Mode (1-8: they pay nothing until they untap),
    N, or "up to" N (the player chooses how many), after a condition or not ("[On Play] If you have 5 or more
    energy, add up to 1 card from the top of your deck to your energy in Rest Mode.")."""
    n = number(m.group("r")) if m.group("r") else 1
    may = m.group("upto") is not None
    return (Effect(when, "resource", n, optional=may, rested=True, condition=_condition(m)),)


def _activate_energy(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """N of your energy switched to Active Mode, or "up to" N, after a condition, a draw or "up to" N life
    cards into the hand, or not ("Draw 1 card. Then, switch 2 of your energy to Active Mode.": the draw
    first, which changes no energy; "Add up to 1 card from your life to your hand. Then, switch 1 of your
    energy to Active Mode, choose up to 1 Battle Card in your opponent's Battle Area, and switch it to Rest
    Mode.": the opponent has no Battle Card, so that choice does nothing)."""
    groups = m.groupdict()
    drawn: tuple[Effect, ...] = ()
    if groups.get("n"):
        drawn = (Effect(when, "draw", _counted(m)),)
    elif groups.get("taken"):  # (not "life", which is _IF's)
        drawn = (Effect(when, "life", number(str(groups["taken"])), optional=True),)
    may = groups.get("upto") is not None
    switched = Effect(when, "activate-energy", number(m.group("a")), optional=may, condition=_condition(m))
    return (*drawn, switched)


def _search(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """A look at the top cards for 1 card with a trait."""
    found = CardFilter(traits=(m.group("trait"),))
    return (Effect(when, "search", 1, found, optional=True, top=number(m.group("top"))),)


# What the official list's look at the top cards reveals: a card with a trait or either of two (of a
# largest cost, and not by a name: "non-<Mosco> card with 《God of Destruction》 ..."), a card by its name,
# an Extra (of a largest cost); or one of two of these ("<Krillin> or up to 1 <Nova 17>").
_REVEALED = re.compile(
    r"(?:non-<(?P<other>[^<>]+)> )?card with (?:a cost of (?P<cost>\d+) or less and )?"
    r"(?:《(?P<trait>[^》]+)》(?: or 《(?P<trait2>[^》]+)》)? in its special traits"
    r"|<(?P<part>[^<>]+)> in its card name)"
    r"|card that includes <(?P<part2>[^<>]+)> in its card name|<(?P<name>[^<>]+)>"
    r"|(?P<extra>Extra)(?: with a cost of (?P<cost2>\d+) or less)?"
)
_REVEALED_JA = re.compile(
    r"(?:「(?P<other>[^」]+)」以外の)?(?:コスト(?P<cost>\d+)以下の)?(?:特徴《(?P<trait>[^》]+)》(?:か《(?P<trait2>[^》]+)》)?"
    r"を持つ|カード名に「(?P<part>[^」]+)」を含む)カード|「(?P<name>[^」]+)」|(?:コスト(?P<cost2>\d+)以下の)?(?P<extra>エクストラ)"
)
# "or" between two of them: not the "or" between two traits (《A》 or 《B》), which one filter reads.
_OR = re.compile(r" or (?:up to 1 )?(?=<|Extra|card |non-<)|か(?=「|特徴|コスト|エクストラ)")


def _revealed(what: str) -> CardFilter | None:
    """The filter of what a look at the top cards reveals ("<Krillin> or up to 1 Extra"), or None when a
    part of it is not one of _REVEALED's (or the Japanese) shapes."""
    alternatives = []
    for text in _OR.split(what):
        m = _REVEALED.fullmatch(text) or _REVEALED_JA.fullmatch(text)
        if m is None:
            return None
        cost = m.group("cost") or m.group("cost2")
        alternatives.append(
            CardFilter(
                type="extra" if m.group("extra") else None,
                name=m.group("name"),
                traits=tuple(t for t in (m.group("trait"), m.group("trait2")) if t),
                cost_max=int(cost) if cost else None,
                other_than=m.group("other"),
                name_includes=m.group("part") or m.groupdict().get("part2"),
            )
        )
    return alternatives[0] if len(alternatives) == 1 else CardFilter(any_of=tuple(alternatives))


def _look(when: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """A look at the top cards for 1 card that `_revealed` reads, or None."""
    found = _revealed(m.group("what"))
    if found is None:
        return None
    return (Effect(when, "search", 1, found, optional=True, top=number(m.group("top"))),)


def _play(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """A free play of 1 Battle card from the hand or the drop area (5-5-3) by its largest cost or its exact
    cost (both bounds the same), with a trait or either of two or by a name or a part of one (or either of two
    names of the same cost: `any_of`), skill-less or not, up to 2 of them ("Play up to 2 <Kid> with costs of 3
    or less ...": two plays of up to 1), in Rest Mode or not (`rested`), after a condition or not ("If
    your Leader has 《Majin》 in its special traits, play up to 1 ..."); after the life cards or the draw of
    the same skill ("Add up to 1 card from your life to your hand. Then, play up to 1 ..."), or after the
    life cards with a condition of its own ("... Then, if your Leader has <DA> in its card name, play up to 1
    ...": the life cards do not wait for it, a failed 「場合」 stops only what follows it, 0-3-17)."""
    groups = m.groupdict()
    cost = groups.get("cost") or groups.get("cost2") or groups.get("cost3")
    cost_max = int(cost) if cost else None
    exact = not (groups.get("less") or groups.get("less2") or groups.get("less3"))  # "with a cost of 3"
    names = [n for n in (groups.get("name"), groups.get("name3"), groups.get("orname")) if n]
    alike = [
        CardFilter(
            type="battle",
            name=name,
            traits=tuple(t for t in (groups.get("trait"), groups.get("trait2")) if t),
            cost_max=cost_max,
            cost_min=cost_max if exact else None,
            skill_less=bool(groups.get("skillless") or groups.get("skillless2")),
            name_includes=groups.get("ppart"),
        )
        for name in names or [None]
    ]
    found = alike[0] if len(alike) == 1 else CardFilter(any_of=tuple(alike))
    before: tuple[Effect, ...] = ()
    if groups.get("life"):  # (its "life" is not _IF's: these chains take no condition)
        before = (Effect(when, "life", number(groups["life"]), optional=True),)
    elif groups.get("n"):
        before = (Effect(when, "draw", number(groups["n"])),)
    # the life cards "taken" before a condition of the play alone ("Then, if your Leader has ..., play ...")
    taken = (Effect(when, "life", number(groups["taken"]), optional=True),) if groups.get("taken") else ()
    condition = None if before else _condition(m)
    before += taken
    zone = "drop" if groups.get("fromdrop") else ""
    rested = groups.get("inrest") is not None
    played = Effect(when, "play", 0, found, optional=True, condition=condition, zone=zone, rested=rested)
    return before + (played,) * (number(groups["pn"]) if groups.get("pn") else 1)  # "up to 2": 2 plays


# What a skill plays from the hand or the drop area: a Battle card of a largest cost or of a cost exactly
# ("with a cost of 3", without "or less"), with a trait or either of two, or a card by its name of a largest
# or an exact cost or of any, skill-less or not ("play up to 1 skill-less <Kid Hero> from your Drop."), or
# one of two names of one cost ("play up to 1 <A> or <B>―both with a cost of 4 or less―from your Drop."),
# up to 2 ("Play up to 2 <A> with costs of 3 or less from your Drop"), in Rest Mode or not ("... from your
# hand in Rest Mode.", 「…1枚までをレストで登場させる。」);
# in Japanese, 「自分の手札のコスト2以下の特徴《X》を持つバトルカード1枚まで」,
# 「自分の手札のコスト3の「X」1枚まで」, 「自分のドロップからスキルを持たない「X」1枚まで」,
# 「自分のドロップからコスト4以下の、「A」か「B」1枚まで」.
_PLAYED = (
    r"up to (?:1 |(?P<pn>2) )(?:(?P<skillless>skill-less )?Battle Cards? with (?:a cost|costs) of "
    r"(?P<cost>\d+)(?P<less> or less)?(?: and 《(?P<trait>[^》]+)》(?: or 《(?P<trait2>[^》]+)》)? in "
    r"(?:its|their) special traits| and <(?P<ppart>[^<>]+)> in its card name)?"
    r"|(?P<skillless2>skill-less )?<(?P<name>[^<>]+)>(?: with (?:a cost|costs) of (?P<cost2>\d+)"
    r"(?P<less2> or less)?)?"
    r"|<(?P<name3>[^<>]+)> or <(?P<orname>[^<>]+)>―both with a cost of (?P<cost3>\d+)(?P<less3> or less)?―)"
    r" ?(?<=[ ―])from your (?:hand|(?P<fromdrop>Drop))(?P<inrest> in Rest Mode)?\."
)
_PLAYED_JA = (
    r"自分の(?:手札の|(?P<fromdrop>ドロップから))(?:コスト(?P<cost>\d+)(?P<less>以下)?の、?(?:特徴《(?P<trait>[^》]+)》(?:か《(?P<trait2>[^》]+)》)?"
    r"を持つ|カード名に「(?P<ppart>[^」]+)」を含む)?(?P<skillless>スキルを持たない)?バトルカード"
    r"|(?:コスト(?P<cost2>\d+)(?P<less2>以下)?の)?(?P<skillless2>スキルを持たない)?「(?P<name>[^」]+)」"
    r"|コスト(?P<cost3>\d+)(?P<less3>以下)?の、「(?P<name3>[^」]+)」か「(?P<orname>[^」]+)」)"
    r"(?:1|(?P<pn>2))枚までを(?P<inrest>レストで)?登場させる。"
)


def _leader_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for your Leader while this card is in the Battle Area, if the Leader has the trait."""
    return (
        Effect(when, "power", number(m.group("n")), CardFilter(type="leader", traits=(m.group("trait"),))),
    )


def _allies_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for your Battle Cards with the trait, or by the name, while this card is in the Battle Area."""
    trait, name = m.group("trait"), m.group("name")
    allies = CardFilter(type="battle", traits=(trait,)) if trait else CardFilter(type="battle", name=name)
    return (Effect(when, "power", number(m.group("n")), allies),)


def _attack_rule(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "[Permanent] This card can't attack." (`no-attack`), "... can't attack your opponent's Leader." (the
    same with a filter of the Leader it may not attack), "... must attack whenever possible."
    (`must-attack`)."""
    if m.group("must"):
        return (Effect(when, "must-attack"),)
    return (Effect(when, "no-attack", filter=CardFilter(type="leader") if m.group("leader") else None),)


def _battle_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(when, "power", number(m.group("n")), condition=_condition(m)),)


def _turn_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for the turn ("for the turn", 「このターン中」): for this card, your Leader, both, or 1 of
    your cards the skill chooses: your Leader or 1 of your Battle Cards (an empty filter), 1 of your
    Battle Cards, or 1 of your cards by a name (your Leader too, if it has it)."""
    groups = m.groupdict()
    n, condition = number(groups["n"]), _condition(m)
    if groups.get("who") is not None:
        who = groups["who"]
        to_self = any(w in who for w in ("this card", "このカード", "This card"))
        to_leader = any(w in who for w in ("Leader", "leader", "リーダー"))
        return tuple(
            Effect(when, "power", n, target, condition=condition)
            for target, given in ((None, to_self), (CardFilter(type="leader"), to_leader))
            if given
        )
    if groups.get("name"):
        chosen = CardFilter(name=groups["name"])
    elif groups.get("yours"):
        chosen = CardFilter(type="battle")
    else:
        chosen = CardFilter()
    return (Effect(when, "power", n, chosen, condition=condition),)


def _discard_to_power(when: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """A discard paid for power for the turn of this card, your Leader or both, in an [Activate Main]
    ("[Activate Main][Once per turn] Discard 1 card from your hand : This card gets +15000 power for the
    turn."): the discard, `paid`, then the power, which happens only when it is paid. None at another
    timing, where nothing plays a discard paid for power."""
    if when != "cast":
        return None
    return (Effect(when, "discard", number(m.group("d")), paid=True), *_turn_power(when, m))


def _lasting_power(when: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """On Play power until the end of the opponent's next turn, for this card or for 1 card by a name in your
    Leader Area or Battle Area, after a condition or not ("[On Play] If your Leader has 《X》 in its special
    traits, until the end of your opponent's next turn, this card can't be removed from the Battle Area by
    your opponent's skills and it gets +20000 power.", "[On Play] If you have 7 or fewer cards in your hand,
    choose up to 1 <X> in your Leader Area or Battle Area and it gets +5000 power until the end of your
    opponent's next turn."): power for the turn (`_turn_power`), as the rest of it lasts through the
    opponent's turn only, where power matters only to a card the opponent attacks, and the guard against
    the opponent's skills does nothing (engine/played_text/dbsfw.py, AGAINST_OPPONENT): this opponent
    attacks nothing and has no skills. None at another timing."""
    if when != "enters":
        return None
    chosen = CardFilter(name=m.group("name")) if m.group("name") else None
    n = m.group("n") or m.group("n2")
    return (Effect(when, "power", number(n), chosen, condition=_condition(m)),)


def _charge(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "Add up to 1 card from your hand to your energy." (active, 3-8-3), after cards from the drop area
    to the hand or not ("Add up to 1 Extra from your Drop to your hand. Then, add up to 1 card ...")."""
    before = _recover(when, m) if m.groupdict().get("kind") else ()
    return (*before, Effect(when, "charge", number(m.group("c")), optional=True))


def _pump_then_draw(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for the card in the battle, then a draw on a condition ("... +15000 power for the battle.
    Then, if you have a card in your Combo Area, draw 1 card."): the power does not wait for it."""
    power = Effect(when, "power", number(m.group("p")))
    return (power, Effect(when, "draw", _counted(m), condition=_condition(m)))


def _turn_power_then_draw(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for the turn for your Leader or 1 of your Battle Cards, or 1 of your Battle Cards, the skill
    chooses, then a draw on a condition ("... and it gets +10000 power for the turn. Then, if your Leader
    has <Son Goku> in its card name, draw 1 card."): the power does not wait for it."""
    chosen = CardFilter(type="battle") if m.group("yours") else CardFilter()
    return (
        Effect(when, "power", number(m.group("p")), chosen),
        Effect(when, "draw", _counted(m), condition=_condition(m)),
    )


def _pump_then_more(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for the card in the battle, then more for that card in the same battle: on a condition ("...
    +15000 power for the battle. Then, if you have 6 or more energy, that card gets +10000 power for the
    battle."), or for each of your cards with a trait among your Leader and Battle Cards (`per`: "Then, that
    card gets +5000 power for the battle for each card with 《X》 in its special traits among your Leader and
    Battle Cards.")."""
    first = Effect(when, "power", number(m.group("p")))
    if m.group("e"):
        each = CardFilter(traits=(m.group("etrait"),))
        return (first, Effect(when, "power", number(m.group("e")), per=each))
    return (first, Effect(when, "power", number(m.group("n")), condition=_condition(m)))


def _marker(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "If you don't have an energy marker, you place 1 energy marker." (5-11-1)"""
    return (Effect(when, "marker", 1, once_per_turn=_once(m), condition=Condition("no-marker")),)


def _leader_power_if(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for your Leader (by a name or any) while this card is in the Battle Area and a condition
    holds ("[Permanent][Your Turn] If you have 8 or more energy, your Leader gets +20000 power.")."""
    leader = CardFilter(type="leader", name=m.group("lname"))
    return (Effect(when, "power", number(m.group("n")), leader, condition=_condition(m)),)


def _life_then_draw(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "Add up to 1 card from your life to your hand. Then, draw 1 card.", or 1 life card that must be taken,
    and a draw that may wait for a condition ("Then, if you have 7 or fewer cards in your hand, draw 1
    card."): the simulator takes the life cards first, so the condition sees them (engine/goldfish/dbsfw.py,
    `_skill`)."""
    taken = Effect(when, "life", number(m.group("taken")), optional=m.group("must") is None)
    return (taken, *_draw(when, m))


def _damage(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(when, "damage", number(m.group("n"))),)


def _life(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Life cards into the hand: "up to" N (the player chooses how many), or N that must be taken."""
    return (Effect(when, "life", number(m.group("n")), optional=m.groupdict().get("must") is None),)


def _mill(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The top cards of the deck into the drop area; the life cards into the hand before it ("Add up to 1
    card from your life to your hand. Then, place the top 3 ...": the deck and the life are apart, so
    the order changes nothing) or the draw that waits for the drop area after it (`_counted`)."""
    groups = m.groupdict()
    before: tuple[Effect, ...] = ()
    if groups.get("life"):
        before = (Effect(when, "life", number(groups["life"]), optional=groups.get("must") is None),)
    milled = (Effect(when, "mill", number(groups["m"]) if groups.get("m") else 1),)
    if groups.get("drop"):
        return milled + (Effect(when, "draw", number(groups["n"]), condition=_condition(m)),)
    return before + milled


_KINDS = {"card": None, "battle card": "battle", "extra": "extra", "カード": None, "バトルカード": "battle"}
_KINDS["エクストラ"] = "extra"


# The colours a card of the drop area may be of ("add up to 1 yellow Extra ...", 「黄のコスト2以下の…」).
_COLOURS = {"赤": "red", "青": "blue", "緑": "green", "黄": "yellow", "黒": "black"}


def _recover(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "Add up to N cards (of a kind, a colour, a largest cost, a trait, not by a name) from your Drop to
    your hand.", after a condition or not."""
    cost = m.group("cost")
    colour = m.groupdict().get("colour")
    found = CardFilter(
        type=_KINDS[m.group("kind").lower()],
        colors=(_COLOURS.get(colour, colour),) if colour else (),
        traits=tuple(
            t for t in (m.group("trait"), *map(m.groupdict().get, ("trait2", "both", "both2"))) if t
        ),
        cost_max=int(cost) if cost else None,
        other_than=m.group("other"),
        all_traits=m.groupdict().get("both2") is not None,
    )
    return (Effect(when, "recover", number(m.group("n")), found, optional=True, condition=_condition(m)),)


def _untap(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The card switches itself to Active Mode ("[When Attacking][Once per turn] Switch this card to Active
    Mode.": it may attack again)."""
    return (Effect(when, "activate", 1, once_per_turn=_once(m)),)


def _leaves(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "[When Attacking] At the end of the battle, KO this card." (`ko-after-battle`), "... At the end of
    the turn, place this card at the bottom of your deck." (`bottom-at-turn-end`)."""
    return (Effect(when, "ko-after-battle" if m.group("battle") else "bottom-at-turn-end"),)


def _no_untap(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The card does not untap in the charge phase ("[Permanent] This card can't be switched to Active Mode
    during your Charge Phase."): once it attacked, it stays rested."""
    return (Effect(when, "no-untap"),)


# The top cards into the drop area: 「自分のデッキの上から3枚をドロップに置く。」
_MILL = rf"Place the top (?:card|(?P<m>{_N[1:-1]}) cards) of your deck into (?:its|their) owner's Drop\."
_MILL_JA = r"自分のデッキの上から(?P<m>\d+)枚をドロップに置く。"
# What a skill adds from the drop area to the hand: a card, Battle Card or Extra, of a colour, of a largest
# cost, with a trait (or both of two: "Extra with both 《A》 and 《B》 in its special traits"), not by a name
# ("add up to 1 blue non-<Videl> card with a cost of 3 or less and 《X》 ..."); in Japanese
# 「自分のドロップから「X」以外の青のコスト4以下の特徴《Y》を持つバトルカード1枚までを手札に加える。」.
_RECOVERED = (
    rf"add up to (?P<n>{_N[1:-1]}) (?:(?P<colour>red|blue|green|yellow|black) )?"
    r"(?:non-<(?P<other>[^<>]+)> )?(?P<kind>card|Battle Card|Extra)s?"
    r"(?: with (?:a cost|costs) of (?P<cost>\d+) or less(?: and 《(?P<trait>[^》]+)》 in (?:its|their) "
    r"special traits)?| with 《(?P<trait2>[^》]+)》 in (?:its|their) special traits"
    r"| with both 《(?P<both>[^》]+)》 and 《(?P<both2>[^》]+)》 in its special traits)? from your Drop to "
    r"your hand\."
)
_RECOVERED_JA = (
    r"自分のドロップから(?:「(?P<other>[^」]+)」以外の)?(?:(?P<colour>[赤青緑黄黒])の)?(?:コスト(?P<cost>\d+)以下の)?"
    r"(?:特徴《(?P<trait>[^》]+)》(?:と《(?P<both2>[^》]+)》)?を持つ)?"
    r"(?P<kind>カード|バトルカード|エクストラ)(?P<n>\d+)枚までを手札に加える。"
)
_DRAW_JA = r"カード(?:を(?P<n>\d+)枚引(?:く|いてもよい(?P<may>))|(?P<n2>\d+)枚を引く)。"
_ACTIONS: tuple[tuple[str, Callable[[str, re.Match[str]], tuple[Effect, ...] | None]], ...] = (
    (rf"(?P<may>You may draw)?(?(may)|Draw) (?P<n>{_N[1:-1]}) cards?\.", _draw),
    (_DRAW_JA, _draw),
    # one sentence after a condition: the draw alone, never the "Then, ..." after it
    (rf"{_IF}draw (?P<n>{_N[1:-1]}) cards?\.", _draw),
    (_IF_JA + _DRAW_JA, _draw),
    # the discard after a draw, and a discard paid for one: read whole, never the draw alone
    (
        rf"Draw (?P<n>{_N[1:-1]}) cards?\. Then, discard (?P<d>{_N[1:-1]}) cards? from your hand\.",
        _draw_then_discard,
    ),
    (_DRAW_JA + r"その後、自分の手札(?P<d>\d+)枚を捨てる。", _draw_then_discard),
    # the same in one sentence: "Draw 2 cards and discard 1 card from your hand.",
    # 「カード2枚を引き、自分の手札1枚を捨てる。」
    (
        rf"Draw (?P<n>{_N[1:-1]}) cards? and discard (?P<d>{_N[1:-1]}) cards? from your hand\.",
        _draw_then_discard,
    ),
    (r"カード(?P<n>\d+)枚を引き、自分の手札(?P<d>\d+)枚を捨てる。", _draw_then_discard),
    (
        rf"Discard (?P<d>{_N[1:-1]}) cards? from your hand ?: ?Draw (?P<n>{_N[1:-1]}) cards?\.",
        _discard_to_draw,
    ),
    (r"自分の手札(?P<d>\d+)枚を捨てる ?[：:] ?" + _DRAW_JA, _discard_to_draw),
    (rf"Place the top (?:(?P<n>{_N[1:-1]}) )?cards? of your deck in your energy area\.", _energy),
    (r"自分のデッキの上から(?P<n>\d+)枚をエネルギーエリアに置く。", _energy),
    # the official list's wording (5-4: "energy" is the energy area)
    (
        rf"Add (?:the top card|(?P<n>{_N[1:-1]}) cards?(?= from) from the top) of your deck to your energy\.",
        _energy,
    ),
    (r"自分のデッキの上から(?P<n>\d+)枚をエナジーにする。", _energy),
    # in Rest Mode: 「自分のデッキの上から1枚(まで)をレストでエナジーにする。」
    (
        _IF + rf"?Add (?:the top card|(?P<upto>up to )?(?P<r>{_N[1:-1]}) cards? from the top) of your deck "
        r"to your energy in Rest Mode\.",
        _rested_energy,
    ),
    (_IF_JA + r"?自分のデッキの上から(?P<r>\d+)枚(?P<upto>まで)?をレストでエナジーにする。", _rested_energy),
    # your energy switched to Active Mode (1-8), after a condition or a draw or not
    (_IF + rf"?switch (?P<upto>up to )?(?P<a>{_N[1:-1]}) of your energy to Active Mode\.", _activate_energy),
    (_IF_JA + r"?自分のエナジー(?P<a>\d+)枚(?P<upto>まで)?をアクティブにする。", _activate_energy),
    (
        rf"Draw (?P<n>{_N[1:-1]}) cards?\. Then, switch (?P<upto>up to )?(?P<a>{_N[1:-1]}) of your energy to "
        r"Active Mode\.",
        _activate_energy,
    ),
    (
        r"カード(?P<n>\d+)枚を引く。その後、自分のエナジー(?P<a>\d+)枚(?P<upto>まで)?をアクティブにする。",
        _activate_energy,
    ),
    # the same in one sentence: "Draw 1 card and switch up to 1 of your energy to Active Mode."
    (
        rf"Draw (?P<n>{_N[1:-1]}) cards? and switch (?P<upto>up to )?(?P<a>{_N[1:-1]}) of your energy to "
        r"Active Mode\.",
        _activate_energy,
    ),
    (
        r"カード(?P<n>\d+)枚を引き、自分のエナジー(?P<a>\d+)枚(?P<upto>まで)?をアクティブにする。",
        _activate_energy,
    ),
    # after life cards into the hand, with a clause against the opponent's Battle Cards that does nothing
    # here (engine/played_text/dbsfw.py, AGAINST_OPPONENT)
    (
        rf"Add up to (?P<taken>{_N[1:-1]}) cards? from your life to your hand\. Then, switch "
        rf"(?P<a>{_N[1:-1]}) of your energy to Active Mode, choose up to \d+ Battle Cards? in your "
        r"opponent's Battle Area, and switch (?:it|them) to Rest Mode\.",
        _activate_energy,
    ),
    (
        r"自分のライフ(?P<taken>\d+)枚までを手札に加える。その後、自分のエナジー(?P<a>\d+)枚をアクティブにし、"
        r"相手のバトルエリアのバトルカード\d+枚までを選び、レストにする。",
        _activate_energy,
    ),
    (
        rf"Look at the top (?P<top>{_N[1:-1]}) cards of your deck, reveal up to 1 "
        r"\{(?P<trait>[^}]+)\} card among them and add it to your hand, and place the rest at the bottom of "
        r"your deck in any order\.",
        _search,
    ),
    (  # the official list's wording: two sentences, one part (engine/played_text/dbsfw.py)
        rf"Look at (?P<top>{_N[1:-1]}) cards from the top of your deck, (?:then )?reveal up to 1 "
        r"(?P<what>.+?) and add it to your hand\. Place the rest at "
        r"the bottom of (?:your|their owner's|its owner's) deck "
        r"in (?:a random|any) order\.",
        _look,
    ),
    (
        r"自分のデッキの上から(?P<top>\d+)枚を見て、その中から[《{](?P<trait>[^》}]+)[》}]を持つカード1枚までを"
        r"公開して手札に加え、残りを好きな順番でデッキの下に置く。",
        _search,
    ),
    (  # the official list's Japanese wording
        r"自分のデッキの上から(?P<top>\d+)枚を見て、(?P<what>[^、。]+?)1枚までを公開し、"
        r"手札に加える。残りを(?:ランダムに|好きな順番で)デッキの下に置く。",
        _look,
    ),
    (_IF + "?Play " + _PLAYED, _play),
    (
        rf"(?:Add up to (?P<life>{_N[1:-1]}) cards? from your life to your hand"
        rf"|Draw (?P<n>{_N[1:-1]}) cards?)\. Then, play " + _PLAYED,
        _play,
    ),
    (_IF_JA + "?" + _PLAYED_JA, _play),
    # "up to" N life cards into the hand, then a play that waits for a condition (the life cards do not)
    (
        rf"Add up to (?P<taken>{_N[1:-1]}) cards? from your life to your hand\. Then, "
        + _IF
        + "play "
        + _PLAYED,
        _play,
    ),
    (r"自分のライフ(?P<taken>\d+)枚までを手札に加える。その後、" + _IF_JA + _PLAYED_JA, _play),
    (
        r"(?:自分のライフ(?P<life>\d+)枚までを手札に加える|カード(?P<n>\d+)枚を引く)。その後、" + _PLAYED_JA,
        _play,
    ),
    # power for the card in the battle: the attacker, your Leader or one of your Battle Cards (an attack of
    # yours has one card in it)
    (
        _IF + r"?(?:Choose your Leader or up to 1 of your Battle Cards and it gets"
        r"|Your cards that are in a battle get) \+(?P<n>\d+) power for the battle\.",
        _battle_power,
    ),
    (
        _IF_JA + r"?(?:自分のリーダーか自分のバトルカード1枚までを選び、|自分の戦闘中のカードは、)"
        r"この戦闘中、パワー\+(?P<n>\d+)。",
        _battle_power,
    ),
    # power for the turn: for this card, your Leader or both, or for 1 of your cards the skill chooses
    (
        _IF + r"?(?P<who>this card|your Leader|this card and your Leader) gets? "
        r"\+(?P<n>\d+) power for the turn\.",
        _turn_power,
    ),
    (
        _IF_JA + r"?このターン中、(?P<who>このカード|自分のリーダー|自分のリーダーとこのカード)"
        r"のパワー\+(?P<n>\d+)。",
        _turn_power,
    ),
    (
        _IF
        + r"?choose (?:your Leader or up to 1 of your Battle Cards|up to 1 of your (?P<yours>Battle Cards)"
        r"|up to 1 of your <(?P<name>[^<>]+)>(?: cards)?) and it gets \+(?P<n>\d+) power for the turn\.",
        _turn_power,
    ),
    (
        _IF_JA
        + r"?(?:自分のリーダーか自分のバトルカード|自分の(?P<yours>バトルカード)|自分の「(?P<name>[^」]+)」)"
        r"1枚までを選び、このターン中、パワー\+(?P<n>\d+)。",
        _turn_power,
    ),
    # power until the end of the opponent's next turn, On Play (_lasting_power)
    (
        _IF
        + r"?(?:until the end of your opponent's next turn, this card can't be removed from the Battle Area "
        r"by your opponent's skills and it gets \+(?P<n>\d+) power"
        r"|choose up to 1 <(?P<name>[^<>]+)> in your Leader Area or Battle Area and it gets \+(?P<n2>\d+) "
        r"power until the end of your opponent's next turn)\.",
        _lasting_power,
    ),
    (
        _IF_JA + r"?(?:次の相手のターン終了時まで、このカードは相手のスキルによってバトルエリアを離れず、"
        r"パワー\+(?P<n>\d+)"
        r"|自分のリーダーの「(?P<name>[^」]+)」か自分のバトルエリアの「(?P=name)」1枚までを選び、"
        r"次の相手のターン終了時まで、パワー\+(?P<n2>\d+))。",
        _lasting_power,
    ),
    # a discard paid for power for the turn (an [Activate Main]'s only: _discard_to_power)
    (
        rf"Discard (?P<d>{_N[1:-1]}) cards? from your hand ?: ?"
        r"(?P<who>This card|Your Leader|This card and your Leader) gets? \+(?P<n>\d+) power for the turn\.",
        _discard_to_power,
    ),
    (
        r"自分の手札(?P<d>\d+)枚を捨てる ?[：:] ?このターン中、"
        r"(?P<who>このカード|自分のリーダー|自分のリーダーとこのカード)のパワー\+(?P<n>\d+)。",
        _discard_to_power,
    ),
    # power for the card in the battle, then a draw that waits for a condition (the power does not)
    (
        r"(?:Choose your Leader or up to 1 of your Battle Cards and it gets"
        r"|Your cards that are in a battle get)"
        rf" \+(?P<p>\d+) power for the battle\. Then, {_IF}draw (?P<n>{_N[1:-1]}) cards?\.",
        _pump_then_draw,
    ),
    (
        r"(?:自分のリーダーか自分のバトルカード1枚までを選び、|自分の戦闘中のカードは、)この戦闘中、パワー\+(?P<p>\d+)。"
        r"その後、" + _IF_JA + _DRAW_JA,
        _pump_then_draw,
    ),
    # power for the turn for 1 of your cards the skill chooses, then a draw that waits for a condition (the
    # power does not)
    (
        r"choose (?:your Leader or up to 1 of your Battle Cards|up to 1 of your (?P<yours>Battle Cards))"
        rf" and it gets \+(?P<p>\d+) power for the turn\. Then, {_IF}draw (?P<n>{_N[1:-1]}) cards?\.",
        _turn_power_then_draw,
    ),
    (
        r"(?:自分のリーダーか自分のバトルカード|自分の(?P<yours>バトルカード))1枚までを選び、このターン中、"
        r"パワー\+(?P<p>\d+)。その後、" + _IF_JA + _DRAW_JA,
        _turn_power_then_draw,
    ),
    # power for the card in the battle, then more for it on a condition or for each of your cards with a trait
    (
        r"Choose your Leader or up to 1 of your Battle Cards and it gets \+(?P<p>\d+) power for the battle\. "
        rf"Then, (?:{_IF}that card gets \+(?P<n>\d+) power for the battle"
        r"|that card gets \+(?P<e>\d+) power for the battle for each card with 《(?P<etrait>[^》]+)》 in its "
        r"special traits among your Leader and Battle Cards)\.",
        _pump_then_more,
    ),
    (
        r"自分のリーダーか自分のバトルカード1枚までを選び、この戦闘中、パワー\+(?P<p>\d+)。その後、(?:"
        + _IF_JA
        + r"この戦闘中、そのカードのパワー\+(?P<n>\d+)"
        r"|自分のリーダーと自分のバトルカードの、特徴《(?P<etrait>[^》]+)》を持つカード1枚につき、"
        r"この戦闘中、そのカードのパワー\+(?P<e>\d+))。",
        _pump_then_more,
    ),
    (rf"Add up to (?P<c>{_N[1:-1]}) cards? from your hand to your energy\.", _charge),
    (r"自分の手札(?P<c>\d+)枚までをエナジーにする。", _charge),
    (_RECOVERED + rf" Then, add up to (?P<c>{_N[1:-1]}) cards? from your hand to your energy\.", _charge),
    (_RECOVERED_JA + r"その後、自分の手札(?P<c>\d+)枚までをエナジーにする。", _charge),
    (r"If you don't have an energy marker, you place 1 energy marker\.", _marker),
    (r"自分のエナジーマーカーがない場合、自分はエナジーマーカー1つを置く。", _marker),
    (rf"Deal (?P<n>{_N[1:-1]}) damage to your opponent(?:'s life)?\.", _damage),
    (r"相手(?:のライフ)?に(?P<n>\d+)ダメージを与える。", _damage),
    # "up to": the player chooses how many; without it, they must be taken
    (rf"Add (?:up to |(?P<must>))(?P<n>{_N[1:-1]}) cards? from your life to your hand\.", _life),
    (r"自分のライフ(?P<n>\d+)枚(?:までを|(?P<must>)を)手札に加える。", _life),
    (
        rf"Add (?:up to |(?P<must>))(?P<taken>{_N[1:-1]}) cards? from your life to your hand\. "
        rf"Then, {_IF}?draw (?P<n>{_N[1:-1]}) cards?\.",
        _life_then_draw,
    ),
    (
        r"自分のライフ(?P<taken>\d+)枚(?:までを|(?P<must>)を)手札に加える。その後、"
        + _IF_JA
        + "?"
        + _DRAW_JA,
        _life_then_draw,
    ),
    (_MILL, _mill),
    (_MILL_JA, _mill),
    (
        rf"Add (?:up to |(?P<must>))(?P<life>{_N[1:-1]}) cards? from your life to your hand\. Then, " + _MILL,
        _mill,
    ),
    (r"自分のライフ(?P<life>\d+)枚(?:までを|(?P<must>)を)手札に加える。その後、" + _MILL_JA, _mill),
    (
        _MILL
        + rf" Then, if you have (?P<drop>\d+) or more cards in your Drop, draw (?P<n>{_N[1:-1]}) cards?\.",
        _mill,
    ),
    (
        _MILL_JA + r"その後、自分のドロップのカードが(?P<drop>\d+)枚以上の場合、カード(?P<n>\d+)枚を引く。",
        _mill,
    ),
    # the card itself leaves the Battle Area after its attack: KO'd at the end of that battle, or placed at
    # the bottom of the deck at the end of the turn
    (
        r"(?:At the end of the (?P<battle>battle), KO this card"
        r"|At the end of the turn, place this card at the bottom of your deck)\.",
        _leaves,
    ),
    (
        r"(?:この(?P<battle>戦闘)終了時、このカードをKOする|このターン終了時、このカードをデッキの下に置く)。",
        _leaves,
    ),
    (r"Switch this card to Active Mode\.", _untap),
    (r"このカードをアクティブにする。", _untap),
    (_IF + "?" + _RECOVERED, _recover),
    (_IF_JA + "?" + _RECOVERED_JA, _recover),
)


def _chosen_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for the turn for 1 of your cards the skill chooses, your Leader or 1 of your Battle Cards,
    with a trait or a text in its name ("... of your Leaders or up to 1 Battle Card―both with <DA> in their
    card names―..."), after a condition or not; after the top cards placed in the drop area or not (the
    simulator places them first, so a condition on the drop area sees them)."""
    part = m.group("part")
    chosen = CardFilter(name_includes=part) if part else CardFilter(traits=(m.group("trait"),))
    return (Effect(when, "power", number(m.group("n")), chosen, condition=_condition(m)),)


def _mill_then_chosen_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The top cards into the drop area, then power for the turn on a condition (`_chosen_power`): "Place
    the top 2 cards of your deck into their owner's Drop. Then, if you have 10 or more cards in your Drop,
    choose up to 1 of your Leaders or ..."."""
    return (Effect(when, "mill", number(m.group("m")) if m.group("m") else 1), *_chosen_power(when, m))


def _named_leader_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "Your Leader with <DA> in its card name gets +10000 power for the turn.": your Leader's, if its name
    includes the text (a `leader` condition, checked on the face in the Leader Area when it resolves)."""
    named = Condition("leader", filter=CardFilter(name_includes=m.group("part")))
    return (Effect(when, "power", number(m.group("n")), CardFilter(type="leader"), condition=named),)


def _draw_then_charge(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "Draw 1 card. Then, add up to 1 card from your hand to your energy.": the draw, then up to N hand
    cards into the energy area (active, 3-8-3), which may be the card drawn."""
    return (
        Effect(when, "draw", number(m.group("n"))),
        Effect(when, "charge", number(m.group("c")), optional=True),
    )


def _order(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The top cards looked at and placed at the top or bottom of the deck in any order (`order`), after
    life cards into the hand ("Add 1 card from your life to your hand. Then, look at the top card ...":
    the life and the deck are apart, so the order changes nothing) or before a draw ("... in any order.
    Then, draw 1 card.")."""
    groups = m.groupdict()
    before: tuple[Effect, ...] = ()
    if groups.get("life"):
        before = (Effect(when, "life", number(groups["life"]), optional=groups.get("must") is None),)
    ordered = Effect(when, "order", number(groups["o"]) if groups.get("o") else 1)
    after = (Effect(when, "draw", number(groups["n"])),) if groups.get("n") else ()
    return (*before, ordered, *after)


# The top cards looked at and placed at the top or bottom of the deck: "Look at the top card of your deck and
# place it at the top or bottom of your deck.", "Look at 3 cards from the top of your deck and place them at
# the top or bottom of your deck in any order."; 「自分のデッキの上から1枚を見て、そのカードを自分のデッキの
# 上か下に置く。」, 「自分のデッキの上から3枚を見て、好きな順番でデッキの上か下に置く。」.
_ORDER = (
    r"Look at (?:the top card of your deck and place it at the top or bottom of (?:your|its owner's) deck"
    rf"|(?P<o>{_N[1:-1]}) cards from the top of your deck and place them at the top or bottom of "
    r"(?:your|their owner's) deck in any order)\."
)
_ORDER_JA = (
    r"自分のデッキの上から(?:(?P<o>\d+)枚を見て、好きな順番で|1枚を見て、そのカードを(?:自分の)?)"
    r"デッキの上か下に置く。"
)


def _look_then_play(when: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """A look at the top cards (`_look`), then a Battle card by its name played from the hand for free, of
    a largest or an exact cost or any ("... Place the rest at the bottom of their owner's deck in a random
    order, then play up to 1 <Egg> from your hand.", "... . Then, play up to 1 <Janemba> with a cost of 2
    from your hand."), after life cards into the hand or not: the simulator takes the life cards, looks,
    then plays (engine/goldfish/dbsfw.py, `_resolve_played`), so the card found may be the one played."""
    looked = _look(when, m)
    if looked is None:
        return None
    groups = m.groupdict()
    before: tuple[Effect, ...] = ()
    if groups.get("life"):
        before = (Effect(when, "life", number(groups["life"]), optional=groups.get("must") is None),)
    cost = int(groups["cost"]) if groups.get("cost") else None
    found = CardFilter(
        type="battle", name=groups["name"], cost_max=cost, cost_min=None if groups.get("less") else cost
    )
    return (*before, *looked, Effect(when, "play", 0, found, optional=True))


_LIFE_THEN = (
    rf"(?:Add (?:up to |(?P<must>))(?P<life>{_N[1:-1]}) cards? from your life to your hand\. Then, )?"
)
_LOOK_THEN_PLAY = (
    _LIFE_THEN + rf"look at (?P<top>{_N[1:-1]}) cards from the top of your deck, (?:then )?reveal up to 1 "
    r"(?P<what>.+?) and add it to your hand\. Place the rest at the bottom of (?:your|their owner's|its "
    r"owner's) deck in (?:a random|any) order(?:, then|\. Then,) play up to 1 <(?P<name>[^<>]+)>"
    r"(?: with a cost of (?P<cost>\d+)(?P<less> or less)?)? from your hand\."
)
_LOOK_THEN_PLAY_JA = (
    r"(?:自分のライフ(?P<life>\d+)枚(?:までを|(?P<must>)を)手札に加える。その後、)?"
    r"自分のデッキの上から(?P<top>\d+)枚を見て、(?P<what>[^、。]+?)1枚までを公開し、手札に加える。"
    r"残りを(?:ランダムに|好きな順番で)デッキの下に(?:置き、|置く。その後、)"
    r"自分の手札の(?:コスト(?P<cost>\d+)(?P<less>以下)?の)?「(?P<name>[^」]+)」1枚までを登場させる。"
)


def _drop_charge(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """ "Add up to 1 card with a cost of 3 or more from your Drop to your energy." (active, 3-8-3): up to N
    cards of a kind, of a smallest cost or with a trait, from the drop area into the energy area; `rested`
    when they go there in Rest Mode ("... to your energy in Rest Mode.")."""
    cost = m.group("cost")
    found = CardFilter(
        type=_KINDS[m.group("kind").lower()],
        traits=(m.group("trait"),) if m.group("trait") else (),
        cost_min=int(cost) if cost else None,
    )
    rested = m.group("rested") is not None
    return (Effect(when, "charge", number(m.group("c")), found, optional=True, zone="drop", rested=rested),)


# Cards from the drop area into the energy area, active: "Add up to 1 card with a cost of 3 or more from your
# Drop to your energy.", 「自分のドロップからコスト3以上のカード1枚までをエナジーにする。」, or in Rest Mode
# ("... to your energy in Rest Mode.", 「…レストでエナジーにする。」).
_DROP_CHARGE = (
    rf"Add up to (?P<c>{_N[1:-1]}) (?P<kind>card|Battle Card|Extra)s? with (?:(?:a cost|costs) of "
    r"(?P<cost>\d+) or more|《(?P<trait>[^》]+)》 in (?:its|their) special traits) from your Drop to your "
    r"energy(?P<rested> in Rest Mode)?\."
)
_DROP_CHARGE_JA = (
    r"自分のドロップから(?:コスト(?P<cost>\d+)以上の|特徴《(?P<trait>[^》]+)》を持つ)"
    r"(?P<kind>カード|バトルカード|エクストラ)(?P<c>\d+)枚までを(?P<rested>レストで)?エナジーにする。"
)


def _many_power(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Power for the turn for up to N (N at least 2) or all of your Battle Cards with a trait, each chosen
    once ("choose up to 2 of your Battle Cards with 《X》 in their special traits and they get ...",
    "choose all of your Battle Cards with 《X》 ..."), after a condition or not."""
    targets = LARGEST_N if m.group("all") else number(m.group("t"))
    chosen = CardFilter(type="battle", traits=(m.group("trait"),))
    return (Effect(when, "power", number(m.group("n")), chosen, condition=_condition(m), targets=targets),)


_MANY = (
    r"choose (?:up to (?P<t>[2-9]|two|three)|(?P<all>all)) of your Battle Cards with 《(?P<trait>[^》]+)》 "
    r"in their special traits and they get \+(?P<n>\d+) power for the turn\."
)
_MANY_JA = (
    r"自分の特徴《(?P<trait>[^》]+)》を持つバトルカード(?:(?P<t>[2-9])枚まで|(?P<all>すべて))を選び、"
    r"このターン中、パワー\+(?P<n>\d+)。"
)
# The cards a skill chooses for power for the turn: your Leader or 1 Battle Card in your Battle Area, with a
# trait or a text in its card name ("both with ..."); in Japanese
# 「自分の特徴《X》を持つ、リーダーかバトルエリアのバトルカード1枚までを選び、」.
_LEADER_OR_BATTLE = (
    r"choose up to 1 of your Leaders or up to 1 Battle Card(?:―both with <(?P<part>[^<>]+)> in their card "
    r"names―in your Battle Area | in your Battle Area―both with 《(?P<trait>[^》]+)》 in their special "
    r"traits―)"
    r"and it gets \+(?P<n>\d+) power for the turn\."
)
_LEADER_OR_BATTLE_JA = (
    r"自分の(?:カード名に「(?P<part>[^」]+)」を含む|特徴《(?P<trait>[^》]+)》を持つ)、リーダーかバトルエリアのバトルカード"
    r"1枚までを選び、このターン中、パワー\+(?P<n>\d+)。"
)
# Looks at the top cards by a text in the card name (_REVEALED) are _ACTIONS' looks; these are the power for
# the turn by a text in a name or for your Leader or a Battle Card with a trait, and a draw before cards
# from the hand into the energy area.
_NAMED_ACTIONS: tuple[tuple[str, Callable[[str, re.Match[str]], tuple[Effect, ...] | None]], ...] = (
    (_IF + "?" + _LEADER_OR_BATTLE, _chosen_power),
    (_IF_JA + "?" + _LEADER_OR_BATTLE_JA, _chosen_power),
    (_MILL + " Then, " + _IF + _LEADER_OR_BATTLE, _mill_then_chosen_power),
    (_MILL_JA + "その後、" + _IF_JA + _LEADER_OR_BATTLE_JA, _mill_then_chosen_power),
    (
        r"your Leader with <(?P<part>[^<>]+)> in its card name gets \+(?P<n>\d+) power for the turn\.",
        _named_leader_power,
    ),
    (
        r"自分のカード名に「(?P<part>[^」]+)」を含むリーダーは、このターン中、パワー\+(?P<n>\d+)。",
        _named_leader_power,
    ),
    (
        rf"Draw (?P<n>{_N[1:-1]}) cards?\. Then, add up to (?P<c>{_N[1:-1]}) cards? from your hand to your "
        r"energy\.",
        _draw_then_charge,
    ),
    (r"カード(?P<n>\d+)枚を引く。その後、自分の手札(?P<c>\d+)枚までをエナジーにする。", _draw_then_charge),
    (_IF + "?" + _MANY, _many_power),
    (_IF_JA + "?" + _MANY_JA, _many_power),
    (_DROP_CHARGE, _drop_charge),
    (_DROP_CHARGE_JA, _drop_charge),
    (_LOOK_THEN_PLAY, _look_then_play),
    (_LOOK_THEN_PLAY_JA, _look_then_play),
    (_ORDER + rf"(?: Then, draw (?P<n>{_N[1:-1]}) cards?\.)?", _order),
    (_ORDER_JA + r"(?:その後、カード(?P<n>\d+)枚を引く。)?", _order),
    (
        rf"Add (?:up to |(?P<must>))(?P<life>{_N[1:-1]}) cards? from your life to your hand\. Then, "
        + _ORDER,
        _order,
    ),
    (r"自分のライフ(?P<life>\d+)枚(?:までを|(?P<must>)を)手札に加える。その後、" + _ORDER_JA, _order),
)


def _hand_cost(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """The card's own cost in the hand made smaller, always or while a condition holds ("[Permanent] If you
    have 6 or more energy, reduce the cost of this card in your hand by 1."): a `cost` of -N (1-2-3-2: the
    total cost, never below the specified cost, engine/goldfish/dbsfw.py, `_cost_in_hand`)."""
    return (Effect(when, "cost", -number(m.group("n")), condition=_condition(m)),)


# The cost of this card in the hand reduced: "[Permanent] Reduce the cost of this card in your hand by 1.",
# "[Permanent] If you have 7 or fewer cards in your hand, reduce the cost ...",
# 「【永続】自分のエナジーが6枚以上の場合、手札のこのカードのコスト-1。」
_HAND_COST_PATTERNS = (
    (
        re.compile(
            _PERMANENT + _IF + r"?reduce the cost of this card in your hand by (?P<n>\d+)\.", re.IGNORECASE
        ),
        "static",
        _hand_cost,
    ),
    (re.compile(_PERMANENT + _IF_JA + r"?手札のこのカードのコスト-(?P<n>\d+)。"), "static", _hand_cost),
)


def _activate_allies(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """Up to N of your Battle Cards (by a name, with a trait, of a largest cost or an exact one: "with a cost
    of 3", 「コスト3の」) switched to Active Mode; any of yours without those."""
    cost = m.group("cost")
    cost_max = int(cost) if cost else None
    found = CardFilter(
        type="battle",
        name=m.group("name"),
        traits=(m.group("trait"),) if m.group("trait") else (),
        cost_max=cost_max,
        cost_min=None if m.group("less") else cost_max,
    )
    return (Effect(when, "activate", number(m.group("n")), found, optional=True),)


# Your Battle Cards switched to Active Mode On Play: "[On Play] Choose up to 1 of your <Son Goten> Battle
# Cards with a cost of 2 or less and switch it to Active Mode.",
# 「【登場時】自分のコスト2以下の「孫悟天」のバトルカード1枚までを選び、アクティブにする。」
_ACTIVATE_ALLIES_PATTERNS = (
    (
        re.compile(
            _tag("On Play") + rf"Choose up to (?P<n>{_N[1:-1]}) of your (?:<(?P<name>[^<>]+)> )?Battle Cards"
            r"(?: with (?:a cost|costs) of (?P<cost>\d+)(?P<less> or less)?)?"
            r"(?:(?: and| with) 《(?P<trait>[^》]+)》 in (?:its|their) special traits)?"
            r" and switch (?:it|them) to Active Mode\.",
            re.IGNORECASE,
        ),
        "enters",
        _activate_allies,
    ),
    (
        re.compile(
            _tag("登場時")
            + r"自分の(?:コスト(?P<cost>\d+)(?P<less>以下)?の)?(?:特徴《(?P<trait>[^》]+)》を持つ)?"
            r"(?:「(?P<name>[^」]+)」の)?バトルカード(?P<n>\d+)枚までを選び、アクティブにする。"
        ),
        "enters",
        _activate_allies,
    ),
)


def _draw_then_untap(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    return tuple(replace(e, once_per_turn=True) for e in _draw(when, m) + _untap(when, m))


# A draw when a card is used in a combo in the card's battle, then the card switched to Active Mode, once per
# turn: "[Auto][Once per turn] When you use a card in a combo while this card is in a battle, draw 1 card.
# Then, switch this card to Active Mode.",
# 「…自分がコンボした時、カード1枚を引く。その後、このカードをアクティブにする。」
# (not When Attacking: the goldfish would draw again in the second attack, which [Once per turn] forbids).
_COMBO_UNTAP_PATTERNS = (
    (
        re.compile(
            _tag("Auto")
            + _YOUR_TURN
            + r"[【\[]Once per turn[】\]]\s*When you use a card in a combo while this card is in a battle, "
            + rf"draw (?P<n>{_N[1:-1]}) cards?\. Then, switch this card to Active Mode\.",
            re.IGNORECASE,
        ),
        "combo",
        _draw_then_untap,
    ),
    (
        re.compile(
            _tag("自動")
            + _YOUR_TURN
            + r"[【\[]ターン1回[】\]]\s*このカードの戦闘中、自分がコンボした時、"
            + _DRAW_JA
            + "その後、このカードをアクティブにする。"
        ),
        "combo",
        _draw_then_untap,
    ),
)
_PATTERNS = (
    tuple(
        (re.compile(timing + action, re.IGNORECASE), when, make)
        for timing, when in _TIMINGS
        for action, make in (*_ACTIONS, *_NAMED_ACTIONS)
    )
    + (
        (  # a Leader's Awaken (15-2): its draw, then the flip, which the simulator makes of every Awaken
            re.compile(
                rf"{_tag('Awaken')}(?:\([^)]*\)\s*)?When your life is (?:at )?\d+ or less[,:] draw "
                rf"(?P<n>{_N[1:-1]}) cards?(?:\. Then, flip this card over|, then flip this card(?: over)?)"
                r"\.",
                re.IGNORECASE,
            ),
            "awaken",
            _draw,
        ),
        (  # a Leader's Awaken that places the top cards of the deck in the drop area, then the flip
            re.compile(
                rf"{_tag('Awaken')}(?:\([^)]*\)\s*)?When your life is (?:at )?\d+ or less[,:] "
                + _MILL
                + r" Then, flip this card over\.",
                re.IGNORECASE,
            ),
            "awaken",
            _mill,
        ),
        (  # the card stays rested at the untap of the charge phase (7-2-7)
            re.compile(
                _PERMANENT + r"This card(?: in a Battle Area)? can't be switched to Active Mode during "
                r"(?:your|a) Charge Phase\.",
                re.IGNORECASE,
            ),
            "static",
            _no_untap,
        ),
        (
            re.compile(
                _PERMANENT
                + r"(?:チャージフェイズにこのカードは|バトルエリアのこのカードはチャージフェイズに)"
                + r"アクティブにならない。"
            ),
            "static",
            _no_untap,
        ),
        (  # the card's own power, always or while a condition holds
            re.compile(
                _PERMANENT + _IF + r"?This card(?: in a Battle Area)? gets \+(?P<n>\d+) power\.",
                re.IGNORECASE,
            ),
            "static",
            _power,
        ),
        (
            re.compile(_PERMANENT + _IF_JA + r"?(?:バトルエリアの)?このカードのパワー\+(?P<n>\d+)。"),
            "static",
            _power,
        ),
        (  # a Strike keyword the card gains while a condition holds (a reminder after it, glued or not)
            re.compile(
                _PERMANENT + _IF + r"this card gains \[(?P<strike>Double|Triple) Strike\]\."
                r"(?: ?\((?P=strike) Strike ?: This card inflicts [23] damage instead of 1 when "
                r"attacking\.\))?",
                re.IGNORECASE,
            ),
            "static",
            _strike,
        ),
        (
            re.compile(
                _PERMANENT + _IF_JA + r"このカードは[【\[](?P<strike>ダブル|トリプル)ストライク[】\]]を得る。"
                r"(?:[(（][【\[]?(?P=strike)ストライク[】\]]?[:：]このカードのアタックで与えるダメージは[23]になる[)）])?"
            ),
            "static",
            _strike,
        ),
        (  # the card's own power in its battle while the combo area holds cards (only in a battle, 14-4-2)
            re.compile(
                _PERMANENT + r"While this card is in a battle and if you have (?:(?P<combo>\d+) or more cards"
                r"|(?P<combo_one>a card)) in your Combo Area, this card gets \+(?P<n>\d+) power\.",
                re.IGNORECASE,
            ),
            "static",
            _power,
        ),
        (
            re.compile(
                _PERMANENT
                + r"このカードの戦闘中、自分のコンボエリアにカードが(?:(?P<combo>\d+)枚以上|(?P<combo_one>))"
                r"ある場合、このカードのパワー\+(?P<n>\d+)。"
            ),
            "static",
            _power,
        ),
        (  # your Leader's power (any, or by a name) while this card is in the Battle Area, on a condition
            re.compile(
                _PERMANENT + _IF + r"your (?:<(?P<lname>[^<>]+)> )?Leader gets \+(?P<n>\d+) power\.",
                re.IGNORECASE,
            ),
            "static",
            _leader_power_if,
        ),
        (
            re.compile(
                _PERMANENT + _IF_JA + r"自分の(?:「(?P<lname>[^」]+)」の)?リーダーのパワー[+＋](?P<n>\d+)。"
            ),
            "static",
            _leader_power_if,
        ),
        (  # your Leader's power while this card is in the Battle Area (in every turn or in your own)
            re.compile(
                _PERMANENT
                + r"Your Leader with 《(?P<trait>[^》]+)》 in its special traits gets \+(?P<n>\d+) power\.",
                re.IGNORECASE,
            ),
            "static",
            _leader_power,
        ),
        (
            re.compile(_PERMANENT + r"自分の特徴《(?P<trait>[^》]+)》を持つリーダーのパワー\+(?P<n>\d+)。"),
            "static",
            _leader_power,
        ),
        (  # your Battle Cards with a trait or by a name ("All your <X> Battle Cards get +5000 power.")
            re.compile(
                _PERMANENT
                + r"All (?:of )?your (?:Battle Cards with 《(?P<trait>[^》]+)》 in their special traits"
                r"|<(?P<name>[^<>]+)> Battle Cards) get \+(?P<n>\d+) power\.",
                re.IGNORECASE,
            ),
            "static",
            _allies_power,
        ),
        (
            re.compile(
                _PERMANENT + r"自分の(?:特徴《(?P<trait>[^》]+)》を持つ|「(?P<name>[^」]+)」の)"
                r"バトルカードすべてのパワー\+(?P<n>\d+)。"
            ),
            "static",
            _allies_power,
        ),
        (  # the card's own attacks: never (or never at the Leader, all this opponent has), or whenever it can
            re.compile(
                _PERMANENT + r"This card (?:can't attack(?P<leader> your opponent's Leader)?"
                r"|(?P<must>must attack whenever possible))\.",
                re.IGNORECASE,
            ),
            "static",
            _attack_rule,
        ),
        (
            re.compile(
                _PERMANENT + r"このカードは(?:(?P<leader>相手のリーダーに)?アタックできない"
                r"|(?P<must>可能な限りアタックしなければならない))。"
            ),
            "static",
            _attack_rule,
        ),
        (
            re.compile(
                _tag("覚醒") + r"(?:\([^)]*\)\s*)?自分のライフが\d+以下の場合、カード(?P<n>\d+)枚を引く。"
                r"その後、このカードを裏返す。"
            ),
            "awaken",
            _draw,
        ),
        (
            re.compile(
                _tag("覚醒")
                + r"(?:[(（][^)）]*[)）]\s*)?自分のライフが\d+以下の場合、"
                + _MILL_JA
                + "その後、このカードを裏返す。"
            ),
            "awaken",
            _mill,
        ),
    )
    + _HAND_COST_PATTERNS
    + _ACTIVATE_ALLIES_PATTERNS
    + _COMBO_UNTAP_PATTERNS
)


# The Japanese list now and then closes a tag with a full-width bracket ("[アタック時］"): one wording.
SQUARE_BRACKETS = str.maketrans("［］", "[]")


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    part = part.translate(SQUARE_BRACKETS)
    return _unpaid(part) or _paid(part)


def _unpaid(part: str) -> tuple[Effect, ...] | None:
    """A skill read whole without a cost of its own (`read_part` but `_ko_paid`)."""
    whole = _read_whole(part) or _composed(part) or _then_marker(part)
    return whole or _then_marker_paid(part) or _conditioned(part)


# One of your Battle Cards KO'd as a skill's cost (before " : "): "KO 1 of your Battle Cards : ", "KO 1 of
# your <Saibaman> Battle Cards : ", "KO 1 of your Battle Cards with 《Evil Wizard》 in its special traits : ",
# "KO 1 <Saike Demon> in your Battle Area : ", "Choose 1 of your Battle Cards with a cost of 3 or more and
# KO it : "; 「自分のバトルカード1枚をKOする：」, 「自分の「X」のバトルカード1枚をKOする：」,
# 「自分の特徴《X》を持つバトルカード1枚をKOする：」, 「自分のバトルエリアの「X」1枚をKOする：」,
# 「自分のコスト3以上のバトルカード1枚をKOする：」. Not "KO this card" nor an "《X》-only" card
# (「《X》のみを持つ」).
_KO_COST = re.compile(
    r"(?:Choose 1 of your Battle Cards with a cost of (?P<cost>\d+) or more and KO it"
    r"|KO 1 of your (?:<(?P<name>[^<>]+)> )?Battle Cards"
    r"(?: with 《(?P<trait>[^》]+)》 in its special traits)?"
    r"|KO 1 <(?P<name2>[^<>]+)> in your Battle Area"
    r"|自分の(?:コスト(?P<cost2>\d+)以上の|「(?P<name3>[^」]+)」の|特徴《(?P<trait2>[^》]+)》を持つ)?バトルカード1枚をKOする"
    r"|自分のバトルエリアの「(?P<name4>[^」]+)」1枚をKOする) ?[:：] ?"
)


# Energy cards placed in the drop area as a skill's cost: "Place 1 card from your energy in your Drop : ",
# "Place 2 cards from your energy in your Drop : ", "Place 1 of your energy in your Drop : ", "... into its
# owner's Drop : "; 「自分のエナジー1枚をドロップに置く：」.
_DROP_ENERGY_COST = re.compile(
    rf"(?:Place (?P<n>{_N[1:-1]}) (?:cards? from your energy|of your energy) (?:in|into) (?:your|its owner's)"
    r" Drop|自分のエナジー(?P<n2>\d+)枚をドロップに置く) ?[:：] ?"
)


# The top cards of your deck placed in the drop area as a skill's cost: "Place the top 3 cards of your deck
# into their owner's Drop : ", 「自分のデッキの上から3枚をドロップに置く：」.
_MILL_COST = re.compile(
    rf"(?:Place the top (?:card|(?P<n>{_N[1:-1]}) cards) of your deck into (?:its|their) owner's Drop"
    r"|自分のデッキの上から(?P<n2>\d+)枚をドロップに置く) ?[:：] ?"
)


def _paid(part: str) -> tuple[Effect, ...] | None:
    """A skill whose cost is one of your Battle Cards KO'd (`_KO_COST`), energy cards placed in the drop
    area (`_DROP_ENERGY_COST`) or the top cards of your deck placed there (`_MILL_COST`), its action after
    " : " read whole (`_unpaid`): a `ko` (with a `filter` of the cards it may KO), a `drop-energy` or a
    `mill` that is `paid`, then the action's effects, which happen only when it is paid. None when the
    action is not read, has a cost of its own, or is not all of one trigger."""
    tags = _SKILL_TAGS.match(part)
    if tags is None:
        return None
    m = (
        _KO_COST.match(part, tags.end())
        or _DROP_ENERGY_COST.match(part, tags.end())
        or _MILL_COST.match(part, tags.end())
    )
    read = _unpaid(tags.group(0) + part[m.end() :]) if m is not None else None
    if m is None or read is None or any(e.paid for e in read) or len({e.when for e in read}) != 1:
        return None
    once = all(e.once_per_turn for e in read)  # a cost paid once a turn with the skill
    if m.re is _DROP_ENERGY_COST:
        return (Effect(read[0].when, "drop-energy", number(m["n"] or m["n2"]), paid=True), *read)
    if m.re is _MILL_COST:  # ("the top card": 1)
        return (Effect(read[0].when, "mill", number(m["n"] or m["n2"] or "1"), paid=True), *read)
    cost = m["cost"] or m["cost2"]
    paid = CardFilter(
        type="battle",
        name=m["name"] or m["name2"] or m["name3"] or m["name4"],
        traits=tuple(t for t in (m["trait"], m["trait2"]) if t),
        cost_min=int(cost) if cost else None,
    )
    return (Effect(read[0].when, "ko", 1, paid, paid=True, once_per_turn=once), *read)


# A condition before the whole of a skill's action: "[When Attacking] If your Leader is <X>, look at 5 cards
# ...", "[Activate Main] If your Leader is <X>, choose up to 1 ... and KO it. Then, draw 1 card.".
_LEADING_IF = re.compile(_IF)
_LEADING_IF_JA = re.compile(_IF_JA)


def _conditioned(part: str) -> tuple[Effect, ...] | None:
    """A skill whose action opens with a condition (`_IF`, `_IF_JA`) and is read whole after it
    (`_read_whole`, `_composed`): each of its effects waits for that condition, since when a 「場合」
    condition fails none of the skill's text after it resolves (0-3-17). None when the rest is not read, or
    a part of it waits for a condition of its own or is paid for (an effect waits for one condition)."""
    tags = _SKILL_TAGS.match(part)
    found = _leading_condition(part[tags.end() :]) if tags is not None else None
    if tags is None or found is None or not found[1]:
        return None
    condition, rest = found
    read = _read_whole(tags.group(0) + rest) or _composed(tags.group(0) + rest)
    if read is None or any(e.condition is not None or e.paid for e in read):
        return None
    return tuple(replace(e, condition=condition) for e in read)


# A Leader condition joined to another ("If your Leader is <Son Goku> and your life is at 2 or less, ...",
# 「自分のリーダーが「孫悟空」で、自分のライフが2以下の場合、…」, 「…でかつ、…」,
# 「自分のリーダーが特徴《X》を持ち、…」): the other one (of `_IF`, not a Leader's) with the Leader as its
# `leader`.
_LEADER_AND = re.compile(
    r"If your Leader (?:is <(?P<name>[^<>]+)>|has 《(?P<trait>[^》]+)》 in its special traits) and "
)
_LEADER_AND_JA = re.compile(
    r"自分のリーダーが(?:「(?P<name>[^」]+)」で(?:かつ)?|特徴《(?P<trait>[^》]+)》を持ち)、(?=自分の)"
)


def _leading_condition(action: str) -> tuple[Condition, str] | None:
    """The condition an action opens with (`_IF`, `_IF_JA`, or a Leader's joined to one of those), and the
    action after it, its first word capitalized in English as it now opens the sentence; None when it
    opens with none of them."""
    both = _LEADER_AND.match(action) or _LEADER_AND_JA.match(action)
    if both is None:
        m = _LEADING_IF.match(action) or _LEADING_IF_JA.match(action)
        english = m is not None and m.re is _LEADING_IF
    else:
        english = both.re is _LEADER_AND
        action = ("If " if english else "") + action[both.end() :]
        m = (_LEADING_IF if english else _LEADING_IF_JA).match(action)
    condition = _condition(m) if m is not None else None
    if m is None or condition is None or (both is not None and condition.kind == "leader"):
        return None
    if both is not None:
        leader = CardFilter(name=both["name"]) if both["name"] else CardFilter(traits=(both["trait"],))
        condition = replace(condition, leader=leader)
    rest = action[m.end() :]
    return condition, (rest[:1].upper() + rest[1:] if english else rest)


# The energy marker a skill places after what it does first ("... Then, if you don't have an energy
# marker, you place 1 energy marker.",
# 「…。その後、自分のエナジーマーカーがない場合、自分はエナジーマーカー1つを置く。」).
_THEN_MARKER = re.compile(
    r"(?<=\.) Then, if you don't have an energy marker, you place 1 energy marker\.$"
    r"|(?<=。)その後、自分のエナジーマーカーがない場合、自分はエナジーマーカー1つを置く。$"
)


def _then_marker(part: str) -> tuple[Effect, ...] | None:
    """A skill read whole up to its last clause, an energy marker placed if you have none, then that marker.
    None when what comes first is not read, or waits for a condition (or a cost): a failed 「場合」 stops
    the marker too (0-3-17), and a cost is paid for both."""
    m = _THEN_MARKER.search(part)
    tags = _SKILL_TAGS.match(part)
    if m is None or tags is None:
        return None
    first = _read_whole(part[: m.start()])
    action = part[tags.end() : m.start()]
    if first is None or any(e.condition is not None or e.paid for e in first) or _COST_OR_IF.search(action):
        return None
    when, once = first[0].when, "Once per turn" in tags.group(0) or "ターン1回" in tags.group(0)
    return first + (Effect(when, "marker", 1, once_per_turn=once, condition=Condition("no-marker")),)


_COST_OR_IF = re.compile(r"\bIf\b|場合| : |：")

# What a skill does after its first clauses if an energy marker paid for the card itself ("[On Play] Draw 1
# card. Then, if you removed an energy marker to use this card, play up to 1 <X> with a cost of 4 from your
# hand.", 「…。その後、このカードの使用にエナジーマーカーを取り除いていた場合、…」).
_THEN_MARKER_PAID = re.compile(
    r"(?<=\.) Then, if you removed an energy marker to use this card, (?P<rest>.+)$"
    r"|(?<=。)その後、このカードの使用にエナジーマーカーを取り除いていた場合、(?P<rest_ja>.+)$"
)


def _then_marker_paid(part: str) -> tuple[Effect, ...] | None:
    """A skill read whole up to a last clause that waits for an energy marker removed to pay for the card,
    and that clause read whole after it, waiting for it. The condition is settled before the skill
    resolves, so what comes first cannot change it. None when either is not read or the clause reads as
    nothing, or either waits for a condition or a cost of its own."""
    m = _THEN_MARKER_PAID.search(part)
    tags = _SKILL_TAGS.match(part)
    if m is None or tags is None:
        return None
    first = _read_whole(part[: m.start()])
    rest = m["rest"] or m["rest_ja"]
    rest = rest[:1].upper() + rest[1:] if m["rest"] else rest
    then = _read_whole(tags.group(0) + rest)
    if first is None or not then or _COST_OR_IF.search(part[tags.end() : m.start()]):
        return None  # (a clause that does nothing here is the text report's to call moot)
    if any(e.condition is not None or e.paid for e in (*first, *then)):
        return None
    return first + tuple(replace(e, condition=Condition("marker-paid")) for e in then)


def _read_whole(part: str) -> tuple[Effect, ...] | None:
    """The effects of the first pattern that reads the whole part, or None."""
    for pattern, when, make in _PATTERNS:
        m = pattern.fullmatch(part)
        if m and (found := make(when, m)) is not None:
            if when in ("combo", "battle-area-combo", "cast") and _once(m):  # the whole skill, once a turn
                found = tuple(replace(e, once_per_turn=True) for e in found)
            return found
    return None


_SKILL_TAGS = re.compile(r"^(?:[【\[][^\]】]*[】\]]\s*)+")
_THEN_CLAUSE = re.compile(r"(?<=\.) Then, |(?<=。)その後、")
# A draw joined to the next clause in one sentence: "Draw 1 card, then choose ...",
# 「カード1枚を引き、相手の…」.
_DRAW_THEN = re.compile(r"^(Draw \d+ cards?), then (?=choose )|^(カード\d+枚を引)き、(?=相手の)")


def clauses(action: str) -> list[str]:
    """A skill's action (its tags off) cut into its clauses: at ". Then, " and 「。その後、」, and after a
    draw joined to the next clause in one sentence ("Draw 1 card, then choose ...",
    「カード1枚を引き、相手の…」), which is that draw and then that clause."""
    action = _DRAW_THEN.sub(lambda m: f"{m[1]}. Then, " if m[1] else f"{m[2]}く。その後、", action)
    return _THEN_CLAUSE.split(action)


def _composed(part: str) -> tuple[Effect, ...] | None:
    """A skill of clauses (`clauses`: "... . Then, ...", 「…。その後、…」) some of which act only against the
    opponent: those do nothing against this opponent (engine/played_text/dbsfw.py, `moot_clauses`), and
    the others, one run of clauses in a row, read whole with the skill's tags by one pattern, are the
    skill's effects ("[On Play] Choose up to 1 of your opponent's Battle Cards ... and KO it. Then, if you
    have 7 or fewer cards in your hand, draw 1 card." draws on a condition). A condition on a clause after
    the run stays with it (and what follows it); a cost or a condition before the run (on a moot clause
    ahead of it) leaves the skill unread: a cost is paid for the whole skill, and when a 「場合」 condition
    fails the skill's text after it is not resolved either (0-3-17), so the run would wait for it too.
    None when no clause is moot, or every one is (a moot skill, which plays nothing)."""
    from engine.played_text.dbsfw import moot_clauses  # that module reads parts with this one

    tags = _SKILL_TAGS.match(part)
    if tags is None or "・" in part:  # a choice of options (13-2) is not a run of clauses
        return None
    pieces = clauses(part[tags.end() :])
    moot = moot_clauses(pieces)
    run = [i for i, m in enumerate(moot) if not m]
    if len(pieces) < 2 or not run or len(run) == len(pieces) or run != list(range(run[0], run[-1] + 1)):
        return None
    if not all(moot_clauses(pieces[: run[0]], conditions=False)):
        return None
    glue = "その後、" if "。" in part else " Then, "
    return _read_whole(tags.group(0) + glue.join(pieces[run[0] : run[-1] + 1]))


# "[Permanent] This card's name is also treated as <A> and <B> in all areas.",
# 「【永続】すべての領域のこのカードは、カード名を「A」及び「B」としても扱う。」:
# the names a search or a play by name finds the card by too.
_ALIAS = re.compile(
    r"[【\[](?:Permanent|永続)[】\]]\s*(?:This card's name is also treated as "
    r"(?P<en><[^<>]+>(?:(?:,| and) <[^<>]+>)*) in all areas\."
    r"|すべての領域のこのカードは、カード名を(?P<ja>「[^」]+」(?:(?:及び|と|、)「[^」]+」)*)としても扱う。)"
)
_ALIAS_NAME = re.compile(r"<([^<>]+)>|「([^」]+)」")


def is_alias(part: str) -> bool:
    """Whether a part of a card's text gives it other names (`other_names`)."""
    return _ALIAS.fullmatch(part.translate(SQUARE_BRACKETS).strip()) is not None


def other_names(text: str) -> tuple[str, ...]:
    """The names a card's text says it also has in all areas, which its own name is not."""
    names: list[str] = []
    for m in _ALIAS.finditer(text.translate(SQUARE_BRACKETS)):
        names.extend(a or b for a, b in _ALIAS_NAME.findall(m.group("en") or m.group("ja")))
    return tuple(names)
