"""Every deck made before version history gets its list as it stands now as version 1."""

from django.db import migrations


def first_versions(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    DeckCard = apps.get_model("decks", "DeckCard")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    cards: dict[int, dict[str, dict[str, int]]] = {}
    for deck_id, section, number, count in DeckCard.objects.values_list(
        "deck_id", "section", "card__number", "count"
    ).iterator():
        cards.setdefault(deck_id, {}).setdefault(section, {})[number] = count
    DeckVersion.objects.bulk_create(
        (
            DeckVersion(
                deck_id=deck.pk,
                number=1,
                format=deck.format,
                cards=cards.get(deck.pk, {}),
                editor_id=deck.owner_id,
                created_at=deck.updated_at,
                updated_at=deck.updated_at,
            )
            for deck in Deck.objects.all().iterator()
        ),
        batch_size=500,
    )


class Migration(migrations.Migration):
    dependencies = [("decks", "0017_deck_versions")]

    operations = [migrations.RunPython(first_versions, migrations.RunPython.noop)]
