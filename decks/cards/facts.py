"""What a card's page lists about it, in words: the printed fields and the game-specific ones kept in
`Card.data` by the importers and the maintainers' form (engine/importers/README.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from decks.models import Card

# Card.data keys, in the order the page shows them. Keys not named here are shown with their key as label,
# so a field a future importer adds is never hidden.
DATA_LABELS = {
    "lb_cost": "Limit Break cost",
    "specified_cost": "Specified cost",
    "combo_power": "Combo power",
    "character_name": "Character",
    "epithet": "Epithet",
    "version": "Version",
    "gender": "Gender",
    "rank": "Rank",
    "atk": "ATK",
    "hp": "HP",
    "ougi": "Ougi",
    "job_change_icon": "Job change icon",
    "support_power": "Support power",
    "trigger_text": "Trigger",
    "jobs": "Jobs",
    "categories": "Categories",
    "rarity": "Rarity",
    "from_parallel": "Imported from",
}
# Shown elsewhere on the page: the Leader's other face has its own block, deck rules are in the text, hand-set
# effects in "In the goldfish".
NOT_LISTED = {"back", "deck_rules", "effects"}


def facts(card: Card) -> list[tuple[str, str]]:
    """(label, value) rows for every field of the card that is set, printed fields first."""
    rows = [
        ("Number", card.number),
        ("Other printings", ", ".join(card.aliases)),
        ("Type", card.type.capitalize()),
        ("Colours", " / ".join(card.colors)),
        ("Cost", _words(card.cost)),
        ("Power", _words(card.power)),
        ("Traits", " · ".join(card.traits)),
        ("Keywords", ", ".join(card.keywords)),
        (
            "Set",
            f"{card.card_set.code} {card.card_set.name}"
            + (" (sample cards)" if card.card_set.is_sample else ""),
        ),
    ]
    known = [key for key in DATA_LABELS if key in card.data]
    others = sorted(key for key in card.data if key not in DATA_LABELS and key not in NOT_LISTED)
    rows += [
        (DATA_LABELS.get(key, key.replace("_", " ").capitalize()), _words(card.data[key]))
        for key in known + others
    ]
    return [(label, value) for label, value in rows if value]


def _words(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(
            f"{key.replace('_', ' ')} {_words(item)}" for key, item in value.items() if item not in (None, "")
        )
    if isinstance(value, list | tuple):
        return ", ".join(_words(item) for item in value)
    return str(value)
