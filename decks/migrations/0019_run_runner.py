"""Every run names who started it; until now that was always the deck's owner (or its visitor)."""

from django.db import migrations, models


def runners_from_decks(apps, schema_editor):
    SimulationRun = apps.get_model("decks", "SimulationRun")
    runs = list(SimulationRun.objects.select_related("deck").only("pk", "deck__owner_id", "deck__session_key"))
    for run in runs:
        deck = run.deck
        run.runner = f"u:{deck.owner_id}" if deck.owner_id is not None else f"s:{deck.session_key}"
    SimulationRun.objects.bulk_update(runs, ["runner"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("decks", "0018_first_version_of_every_deck")]

    operations = [
        migrations.AddField(
            model_name="simulationrun",
            name="runner",
            field=models.CharField(blank=True, db_index=True, default="", max_length=64),
        ),
        migrations.RunPython(runners_from_decks, migrations.RunPython.noop),
    ]
