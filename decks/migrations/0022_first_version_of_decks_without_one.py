"""Decks made after 0018 without a version (the sample decks loadsamples made) get their list as it
stands now as version 1, so every deck's history starts at version 1."""

from django.db import migrations


def first_versions(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    without = Deck.objects.filter(versions__isnull=True)
    cards: dict[int, dict[str, dict[str, int]]] = {}
    for deck_id, section, number, count in DeckCard.objects.filter(deck__in=without).values_list(
        "deck_id", "section", "card__number", "count"
    ):
        cards.setdefault(deck_id, {}).setdefault(section, {})[number] = count
    DeckVersion.objects.bulk_create(
        DeckVersion(
            deck_id=deck.pk,
            number=1,
            format=deck.format,
            cards=cards.get(deck.pk, {}),
            editor_id=deck.owner_id,
            created_at=deck.updated_at,
            updated_at=deck.updated_at,
        )
        for deck in without
    )


class Migration(migrations.Migration):
    dependencies = [("decks", "0021_chunk_attempts_count_sends")]

    operations = [migrations.RunPython(first_versions, migrations.RunPython.noop)]
