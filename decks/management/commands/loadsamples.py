"""Load the fictional sample cards and one sample deck per game; safe to run again and again."""

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from decks.builder import search
from decks.builder.services import record_version
from decks.cards import versions
from decks.models import Card, CardSet, Deck, DeckCard, Game
from engine import game_choices, get_game

SAMPLE_LABEL = "Sample cards (fictional)"

# The deck file's card fields that have a column of their own; every other field goes to Card.data.
COMMON_FIELDS = ("name", "type", "colors", "cost", "power", "traits", "keywords", "text", "image_url")


def load_card_set(game: Game, raw: dict[str, Any]) -> tuple[int, int]:
    """Upsert the set and its cards by (game, number); return (created, changed) counts."""
    set_name = raw["set"]["name"]
    set_name = set_name if SAMPLE_LABEL in set_name else f"{SAMPLE_LABEL}: {set_name}"
    card_set, created = CardSet.objects.get_or_create(
        game=game, code=raw["set"]["code"], defaults={"name": set_name, "is_sample": True}
    )
    if not created and (card_set.name, card_set.is_sample) != (set_name, True):
        card_set.name, card_set.is_sample = set_name, True
        card_set.save()  # only when it changed: a save raises the game's card data version
    # Printings that share a base number are one card for copy limits; the rules engine knows each game's
    # number format (FFTCG rarity letters, DBS FW "_p1" parallels, ...).
    rules = get_game(game.id)
    bases = {number: rules.base_number(number) for number in raw["cards"]}
    existing = {card.number: card for card in Card.objects.filter(game=game)}
    new: list[Card] = []
    changed: list[Card] = []
    for number, fields in raw["cards"].items():
        values = {
            "card_set": card_set,
            "base_number": bases[number],
            "aliases": sorted(n for n, b in bases.items() if b == bases[number] and n != number),
            "name": fields["name"],
            "type": fields["type"],
            "colors": fields.get("colors") or [],
            "cost": fields.get("cost"),
            "power": fields.get("power"),
            "traits": fields.get("traits") or [],
            "keywords": fields.get("keywords") or [],
            "text": fields.get("text") or "",
            "image_url": fields.get("image_url") or "",
            "data": {name: value for name, value in fields.items() if name not in COMMON_FIELDS},
        }
        card = existing.get(number)
        if card is None:
            new.append(Card(game=game, number=number, **values))
        elif any(getattr(card, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(card, name, value)
            changed.append(card)
    # In bulk, a first start writes ~200 cards in one statement; bulk writes send no signals, so the
    # game's card data version is raised here (decks.cards.versions).
    Card.objects.bulk_create(new)
    Card.objects.bulk_update(changed, [*COMMON_FIELDS, "card_set", "base_number", "aliases", "data"])
    if new or changed:
        versions.cards_changed(game.id)
    return len(new), len(changed)


def load_sample_deck(game: Game, raw: dict[str, Any]) -> bool:
    """Create the public sample deck named in the file unless it exists; return whether it was created."""
    name = raw.get("name") or f"Sample {game.name} deck"
    if Deck.objects.filter(owner=None, game=game, name=name).exists():
        return False
    deck = Deck.objects.create(
        game=game,
        # No format means the game's first, as in a deck file (docs/deck-file.md).
        format=raw.get("format") or get_game(game.id).formats[0],
        name=name,
        description="A legal deck made of fictional sample cards.",
        visibility=Deck.Visibility.PUBLIC,
    )
    numbers = {entry["card"] for entries in raw["sections"].values() for entry in entries}
    cards = {card.number: card for card in Card.objects.filter(game=game, number__in=numbers)}
    if missing := sorted(numbers - cards.keys()):
        raise CommandError(f"{game.id} sample deck names unknown cards: {', '.join(missing)}")
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, card=cards[entry["card"]], section=section, count=entry["count"])
        for section, entries in raw["sections"].items()
        for entry in entries
    )
    record_version(deck)  # every deck's history starts at version 1: a sample's too, to compare against
    search.refresh_facts(deck)
    search.store_needs([deck.pk])
    return True


class Command(BaseCommand):
    help = "Load the fictional sample card sets and a sample deck per game (engine/samples/)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dir",
            type=Path,
            default=settings.BASE_DIR / "engine" / "samples",
            help="Folder holding <game>.json and <game>-deck.json (default: engine/samples).",
        )

    def handle(self, *args: Any, dir: Path, **options: Any) -> None:
        for game_id, game_name in game_choices():
            cards_file, deck_file = dir / f"{game_id}.json", dir / f"{game_id}-deck.json"
            if not cards_file.exists():
                self.stdout.write(f"{game_id}: no sample cards in {dir}, skipped")
                continue
            with transaction.atomic():
                game, _ = Game.objects.get_or_create(id=game_id, defaults={"name": game_name})
                created, changed = load_card_set(game, json.loads(cards_file.read_text(encoding="utf-8")))
                deck_created = deck_file.exists() and load_sample_deck(
                    game, json.loads(deck_file.read_text(encoding="utf-8"))
                )
            self.stdout.write(
                f"{game_id}: {created} cards created, {changed} changed"
                + (", sample deck created" if deck_created else "")
            )
