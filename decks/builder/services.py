"""The one write path for decks: every change to a deck's cards or details goes through here, and every
change to its cards or format is recorded in its history (DeckVersion)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

import engine
from decks.builder import search
from decks.models import Card, Deck, DeckCard, DeckVersion
from engine.deckfile import MAX_COUNT
from engine.inputs import clean_name


class DeckChangeError(ValueError):
    """A change the deck cannot take (unknown section, card of another game, count out of range)."""


def create_deck(
    *, game_id: str, name: str, owner_id: int | None, session_key: str = "", format: str = ""
) -> Deck:
    rules = engine.get_game(game_id)
    deck = Deck.objects.create(
        game_id=rules.id,
        format=format or rules.formats[0],
        name=clean_name(name) or f"New {rules.name} deck",
        owner_id=owner_id,
        session_key="" if owner_id else session_key,
    )
    record_version(deck)
    return deck


@transaction.atomic
def set_card_count(deck: Deck, card: Card, section: str, count: int) -> None:
    """Set how many copies of a card a section holds; 0 removes it. The deck may become illegal."""
    rules = engine.get_game(deck.game_id)
    if card.game_id != deck.game_id:
        raise DeckChangeError(f"{card.number} is a {card.game_id} card; this is a {rules.name} deck.")
    if section not in rules.section_ids:
        raise DeckChangeError(
            f"Unknown section {section!r}; the sections are {', '.join(rules.section_ids)}."
        )
    if not 0 <= count <= MAX_COUNT:
        raise DeckChangeError(f"A count must be between 0 and {MAX_COUNT}.")
    if count == 0:
        DeckCard.objects.filter(deck=deck, card=card, section=section).delete()
    else:
        DeckCard.objects.update_or_create(deck=deck, card=card, section=section, defaults={"count": count})
    _touch(deck)


def stored_cards(contents: engine.Deck) -> dict[str, Card]:
    """The card row of every entry of an engine deck, by the number the entry names. A deck file may
    describe cards the database does not hold: UnknownCardError names them, so the import form refuses
    such a file before any deck is made, as a new deck and an import into a deck alike."""
    # An entry may name a card by another code it is printed with: its card's own number is the row.
    stored = {e.card: contents.cards[e.card].number for es in contents.sections.values() for e in es}
    rows = {c.number: c for c in Card.objects.filter(game_id=contents.game, number__in=set(stored.values()))}
    missing = sorted(n for n, number in stored.items() if number not in rows)
    if missing:
        raise engine.UnknownCardError(missing)
    return {n: rows[number] for n, number in stored.items()}


@transaction.atomic
def replace_cards(deck: Deck, contents: engine.Deck, *, fold: bool = True) -> None:
    """Make the deck hold exactly the cards of an engine deck (an import); every number must exist.
    `fold=False`: a change is a version of its own (record_version)."""
    if contents.game != deck.game_id:
        raise DeckChangeError(f"This list is for {contents.game}; the deck is {deck.game_id}.")
    rows = stored_cards(contents)
    counts: dict[tuple[str, Card], int] = {}
    for section, entries in contents.sections.items():
        for e in entries:  # copies named by both codes of one card add up (8.1.1.2)
            key = (section, rows[e.card])
            counts[key] = counts.get(key, 0) + e.count
    _hold(deck, counts, contents.format)
    _touch(deck, fold=fold)


def _hold(deck: Deck, counts: dict[tuple[str, Card], int], format: str) -> None:
    """Make the deck hold exactly these counts, by (section, card), in this format."""
    DeckCard.objects.filter(deck=deck).delete()
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, card=card, section=section, count=min(count, MAX_COUNT))
        for (section, card), count in counts.items()
    )
    deck.format = format
    deck.save(update_fields=("format",))


@transaction.atomic
def update_details(
    deck: Deck, *, name: str, description: str, visibility: str, format: str, fold: bool = True
) -> None:
    name = clean_name(name) or deck.name
    deck.name, deck.description, deck.visibility, deck.format = name, description, visibility, format
    deck.save(update_fields=("name", "description", "visibility", "format", "updated_at"))
    _touch(deck, fold=fold)


@transaction.atomic
def fork_deck(source: Deck, *, owner_id: int | None, session_key: str = "") -> Deck:
    """Copy a deck into the forker's decks, private, remembering where it came from."""
    fork = Deck.objects.create(
        game_id=source.game_id,
        format=source.format,
        name=f"{source.name} (fork)"[:200],
        description=source.description,
        owner_id=owner_id,
        session_key="" if owner_id else session_key,
        forked_from=source,
        forked_from_version=latest_version(source),
    )
    DeckCard.objects.bulk_create(
        DeckCard(deck=fork, card_id=e.card_id, section=e.section, count=e.count) for e in source.entries.all()
    )
    record_version(fork)
    search.refresh_facts(fork)
    search.store_needs([fork.pk])
    search.count_fork(source)
    return fork


def duplicate_deck(source: Deck) -> Deck:
    """A copy of the owner's own deck, with the same owner and settings, named "Copy of ..."."""
    copy = Deck.objects.create(
        game_id=source.game_id,
        format=source.format,
        name=f"Copy of {source.name}"[:200],
        description=source.description,
        visibility=source.visibility,
        owner_id=source.owner_id,
        session_key=source.session_key,
        forked_from=source.forked_from,
    )
    DeckCard.objects.bulk_create(
        DeckCard(deck=copy, card_id=e.card_id, section=e.section, count=e.count) for e in source.entries.all()
    )
    record_version(copy)
    search.refresh_facts(copy)
    search.store_needs([copy.pk])
    return copy


def delete_deck(deck: Deck) -> None:
    """Delete a deck so that its owner may still undo it for Deck.DELETED_KEPT_FOR; purge older ones."""
    Deck.objects.filter(pk=deck.pk).update(deleted_at=timezone.now())
    purge_deleted_decks()


def undelete_deck(deck: Deck) -> None:
    Deck.with_deleted.filter(pk=deck.pk).update(deleted_at=None)


def purge_deleted_decks() -> int:
    """Remove for good the decks deleted longer ago than their owners could undo it; return how many."""
    expired = Deck.with_deleted.filter(deleted_at__lt=timezone.now() - Deck.DELETED_KEPT_FOR)
    Deck.with_deleted.filter(forked_from__in=expired).update(forked_from=None)
    return expired.delete()[0]


def claim_session_decks(session_key: str, user_id: int) -> int:
    """Give the decks a visitor built before signing up (or logging in) to their account."""
    if not session_key:
        return 0
    return Deck.objects.filter(owner__isnull=True, session_key=session_key).update(
        owner_id=user_id, session_key=""
    )


def _touch(deck: Deck, *, restored_from: int | None = None, fold: bool = True) -> DeckVersion:
    """Bump the change counter (and updated_at), so caches and open editors can tell the deck changed,
    and record the list in the deck's history."""
    Deck.objects.filter(pk=deck.pk).update(version=F("version") + 1, updated_at=timezone.now())
    deck.refresh_from_db(fields=("version", "updated_at", "format", "owner"))
    version = record_version(deck, restored_from=restored_from, fold=fold)
    search.refresh_facts(deck)
    search.store_needs([deck.pk])
    return version


def deck_cards(deck: Deck) -> dict[str, dict[str, int]]:
    """The deck's list as a version keeps it: {section: {card number: count}}."""
    cards: dict[str, dict[str, int]] = {}
    for section, number, count in deck.entries.values_list("section", "card__number", "count"):
        cards.setdefault(section, {})[number] = count
    return cards


def latest_version(deck: Deck) -> DeckVersion | None:
    return deck.versions.order_by("-number").first()


@transaction.atomic
def record_version(deck: Deck, *, restored_from: int | None = None, fold: bool = True) -> DeckVersion:
    """The version the deck's list is now: the latest one when nothing in the cards or format changed,
    the latest one updated when the change folds into it (DeckVersion; never with `fold=False`, which an
    API client asks for to keep each edit apart), else a new one. A fold that brings the list back to the
    version before (a +1 then a -1 of a card) removes the folded version, which would change nothing."""
    cards = deck_cards(deck)
    last = deck.versions.select_for_update().order_by("-number").first()
    now = timezone.now()
    if last is not None and restored_from is None:
        if last.cards == cards and last.format == deck.format:
            return last
        if (
            fold
            and last.editor_id == deck.owner_id
            and now - last.updated_at <= DeckVersion.FOLD_WITHIN
            and last.restored_from is None
            and not last.runs.exists()
            and not last.forks.exists()
        ):
            before = deck.versions.filter(number=last.number - 1).first()
            if before is not None and before.cards == cards and before.format == deck.format:
                last.delete()  # the edits it held undid each other (a +1 then a -1): no change to keep
                return before
            last.cards, last.format, last.updated_at = cards, deck.format, now
            last.save(update_fields=("cards", "format", "updated_at"))
            return last
    return DeckVersion.objects.create(
        deck=deck,
        number=(last.number + 1) if last else 1,
        format=deck.format,
        cards=cards,
        editor_id=deck.owner_id,
        restored_from=restored_from,
        created_at=now,
        updated_at=now,
    )


@transaction.atomic
def restore_version(deck: Deck, version: DeckVersion) -> DeckVersion:
    """Make the deck hold the version's list again, as a new version that says which one it restores.
    A card no longer in the card database is left out, and so missing from the new version. A deck that
    already holds that list in that format gets no new version: its latest is returned."""
    numbers = {n for cards in version.cards.values() for n in cards}
    rows = {c.number: c for c in Card.objects.filter(game_id=deck.game_id, number__in=numbers)}
    counts = {
        (section, rows[number]): count
        for section, cards in version.cards.items()
        for number, count in cards.items()
        if number in rows
    }
    restored: dict[str, dict[str, int]] = {}
    for (section, card), count in counts.items():
        restored.setdefault(section, {})[card.number] = min(count, MAX_COUNT)
    held = latest_version(deck)
    if held is not None and deck_cards(deck) == restored and deck.format == version.format:
        return held
    _hold(deck, counts, version.format)
    return _touch(deck, restored_from=version.number)


@transaction.atomic
def change_card_count(deck: Deck, card: Card, section: str, delta: int) -> int:
    """Add (or, with a negative delta, remove) copies of a card; return the section's new count.

    The current row is locked, so two quick clicks count twice rather than racing to the same value.
    The count stays between 0 and MAX_COUNT: removing from nothing does nothing. In a section that
    holds one card (the DBS FW Leader) an added card replaces the one there.
    """
    if delta > 0 and section in engine.get_game(deck.game_id).single_card_sections:
        DeckCard.objects.filter(deck=deck, section=section).exclude(card=card).delete()
        set_card_count(deck, card, section, 1)
        return 1
    row = DeckCard.objects.select_for_update().filter(deck=deck, card=card, section=section).first()
    count = max(0, min(MAX_COUNT, (row.count if row else 0) + delta))
    set_card_count(deck, card, section, count)
    return count


@transaction.atomic
def set_format(deck: Deck, format: str) -> None:
    rules = engine.get_game(deck.game_id)
    if format not in rules.formats:
        raise DeckChangeError(f"Unknown format {format!r}; the formats are {', '.join(rules.formats)}.")
    deck.format = format
    deck.save(update_fields=("format",))
    _touch(deck)


@transaction.atomic
def create_deck_with_cards(
    *, game_id: str, name: str, owner_id: int | None, session_key: str = "", contents: engine.Deck
) -> Deck:
    """A new deck holding an imported list's cards and format, or nothing at all if any card is unknown."""
    deck = create_deck(
        game_id=game_id,
        name=name or contents.name,
        owner_id=owner_id,
        session_key=session_key,
        format=contents.format,
    )
    replace_cards(deck, contents)
    return deck
