"""Card.search_text becomes the card's text as printed (GameRules.printed_text), which no SQL expression
can compute: the generated column is dropped, a plain one added and filled for every existing card."""

from django.db import migrations, models

import engine


def fill_search_text(apps, schema_editor):
    Card = apps.get_model("decks", "Card")
    cards = list(Card.objects.only("pk", "game_id", "number", "name", "text"))
    for card in cards:
        printed = engine.get_game(card.game_id).printed_text(card.text)
        card.search_text = "\n".join(
            (card.number, card.name, " ".join(printed.split()))
        ).upper()  # as models.card_search_text
    Card.objects.bulk_update(cards, ["search_text"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0022_first_version_of_decks_without_one"),
    ]

    operations = [
        migrations.RemoveField(model_name="card", name="search_text"),
        migrations.AddField(
            model_name="card",
            name="search_text",
            field=models.TextField(blank=True, default="", editable=False),
            preserve_default=False,
        ),
        migrations.RunPython(fill_search_text, migrations.RunPython.noop),
    ]
