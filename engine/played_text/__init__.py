"""Which printed card text the goldfish plays, said plainly with every result.

A kill turn hides an assumption when a deck's cards do things the games do not play: a card that draws,
searches or deals damage makes the real deck faster than its goldfish. So every result carries a
`TextReport`: each card's text cut into parts (lines, then sentences, with a game's stand-alone keyword
tags apart; FFTCG keeps each ability's line whole), each part

* `played`: the simulator plays it (a keyword it uses, an ability it reads);
* `moot`: it only matters against an opponent who acts, or it is a deck-building rule, so an opponent who
  does nothing never makes it count; the part says why;
* `unplayed`: the games play the card as if this part were not printed.

`played_share` is the share of the deck's cards, by copies, whose every part is played or moot (a card
with no text counts as played). Each game's module (engine/played_text/<game>.py) says what its simulator
plays; it reads the same patterns as the simulator, so the two cannot disagree.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib import import_module
from typing import Any, Literal

from engine.cards import Card
from engine.deck import Deck

Status = Literal["played", "moot", "unplayed"]
PLAYED: Status = "played"
MOOT: Status = "moot"
UNPLAYED: Status = "unplayed"


@dataclass(frozen=True)
class TextPart:
    text: str
    status: Status
    why: str = ""


@dataclass(frozen=True)
class CardText:
    number: str
    name: str
    copies: int
    parts: tuple[TextPart, ...]

    @property
    def played_in_full(self) -> bool:
        return all(p.status != UNPLAYED for p in self.parts)

    @property
    def unplayed_text(self) -> str:
        return " ".join(p.text for p in self.parts if p.status == UNPLAYED)

    @property
    def moot_text(self) -> str:
        return " ".join(p.text for p in self.parts if p.status == MOOT)

    @property
    def moot_why(self) -> str:
        return "; ".join(dict.fromkeys(p.why for p in self.parts if p.status == MOOT))


@dataclass(frozen=True)
class TextReport:
    cards: tuple[CardText, ...]  # every card of the deck that has text, in card-number order
    total_copies: int

    @property
    def not_played(self) -> tuple[CardText, ...]:
        return tuple(c for c in self.cards if not c.played_in_full)

    @property
    def moot(self) -> tuple[CardText, ...]:
        return tuple(c for c in self.cards if any(p.status == MOOT for p in c.parts))

    @property
    def played_share(self) -> float:
        unplayed = sum(c.copies for c in self.not_played)
        return 1.0 if not self.total_copies else (self.total_copies - unplayed) / self.total_copies

    def to_dict(self) -> dict[str, Any]:
        return {
            "played_share": round(self.played_share, 4),
            "not_played": [
                {"number": c.number, "name": c.name, "copies": c.copies, "text": c.unplayed_text}
                for c in self.not_played
            ],
            "moot": [
                {
                    "number": c.number,
                    "name": c.name,
                    "copies": c.copies,
                    "text": c.moot_text,
                    "why": c.moot_why,
                }
                for c in self.moot
            ],
        }


# Why the parts most games share count without being played.
DECK_RULE = "a deck-building rule, which the legality check reads"
OPPONENT_ATTACKS = "it is used only when the opponent attacks, and this opponent never does"

# Printed card texts run to about 1,000 characters with the official list's markup (our corpora's longest
# is 212). A longer text is no card's: it is one unplayed part, its start shown, and no pattern reads it,
# so a megabyte of junk in an import costs a length check.
MAX_TEXT_CHARS = 2_000
TOO_LONG = f"longer than any printed card text (at most {MAX_TEXT_CHARS} characters): not read"


def too_long_part(text: str) -> str:
    """What stands for a text longer than MAX_TEXT_CHARS: its start, enough to find it."""
    return text[:200] + "…"


# A sentence ends at a full stop, or at the ">" that closes a block ending in one ("<Ougi 1 ...: ATK+1.>");
# a name in angle brackets (DBS FW "<Son Goku : GT>") goes on.
_SENTENCE_END = re.compile(r"(?:(?<=[.。])|(?<=[.。]>))\s+(?=\S)")


def split_text(text: str, leading_tags: re.Pattern[str] | None = None, sentences: bool = True) -> list[str]:
    """A card's text in parts: its lines; each line's stand-alone tags (`leading_tags`, matched at the
    start, such as "[Blocker]" or "EX BURST") as parts of their own; the rest cut into sentences unless
    `sentences` is false (a game whose abilities are one line each). A sentence inside <...> stays
    whole."""
    parts: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        while leading_tags is not None and (m := leading_tags.match(line)):
            parts.append(m.group(0).strip())
            line = line[m.end() :].strip()
        if not line:
            continue
        parts.extend(_sentences(line) if sentences else [line])
    return parts


def _sentences(line: str) -> list[str]:
    out: list[str] = []
    start = 0
    depth, counted = 0, 0  # the brackets open before `counted`, counted once each (not per sentence end)
    for m in _SENTENCE_END.finditer(line):
        depth += line.count("<", counted, m.start()) - line.count(">", counted, m.start())
        counted = m.start()
        if depth == 0:  # not inside an <Ougi ...> or the like
            out.append(line[start : m.start()])
            start = m.end()
    out.append(line[start:])
    return [s.strip() for s in out if s.strip()]


def keywords_only(part: str, keywords: frozenset[str]) -> bool:
    """Whether a part is nothing but keywords from `keywords` ("Haste", "Haste Brave", "Brave.")."""
    words = part.strip().rstrip(".").strip()
    if not words:
        return False
    remaining = words.lower()
    for keyword in sorted(keywords, key=len, reverse=True):
        remaining = remaining.replace(keyword, " ")
    return not remaining.strip(" ,")


def parts_of(game_id: str, text: str) -> list[str]:
    """A card's text cut into the parts its game's goldfish classifies, one by one."""
    return import_module(f"engine.played_text.{game_id}").split(text or "")


BACK_FACE = "Back face: "


def card_parts(game_id: str, card: Card, policy: Mapping[str, Any]) -> tuple[TextPart, ...]:
    """One card's text in parts, each as its game's goldfish plays it with these policy knobs; then the
    text of its back face (a DBS FW Leader's once awakened), each part marked as the back's: a card is
    played in full only when both faces are."""
    game = import_module(f"engine.played_text.{game_id}")  # a game with a simulator has its module
    parts = _face_parts(game, card, policy)
    back_face = getattr(game, "back_face", None)
    if back_face is not None and (back := back_face(card)) is not None:
        parts += tuple(replace(p, text=BACK_FACE + p.text) for p in _face_parts(game, back, policy))
    return parts


def _face_parts(game: Any, face: Card, policy: Mapping[str, Any]) -> tuple[TextPart, ...]:
    if len(face.text or "") > MAX_TEXT_CHARS:
        return (TextPart(too_long_part(face.text), UNPLAYED, TOO_LONG),)
    return tuple(TextPart(p, *game.classify(p, face, policy)) for p in game.split(face.text or ""))


def text_report(deck: Deck, policy: Mapping[str, Any]) -> TextReport:
    """The report for a deck as its game's goldfish plays it with these policy knobs; a game's module may
    say what its deck changes in a card's parts (`in_deck`: FFTCG's text that takes your own Forwards)."""
    copies = deck.copies_by(lambda card: card.number)  # every section
    in_deck = getattr(import_module(f"engine.played_text.{deck.game}"), "in_deck", None)
    in_this_deck = in_deck(deck, policy) if in_deck is not None else None
    cards = []
    for number in sorted(copies):
        card = deck.cards[number]
        parts = card_parts(deck.game, card, policy)
        if in_this_deck is not None:
            parts = in_this_deck(parts)
        if parts:
            cards.append(CardText(number, card.name, copies[number], parts))
    return TextReport(tuple(cards), sum(copies.values()))
