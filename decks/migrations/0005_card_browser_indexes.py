"""Indexes for the card browser's filters on a game's cards: type, cost and name.

Plain SQL that SQLite and PostgreSQL both read, kept out of the model state (no Meta.indexes), so
the model file stays as it is; `IF NOT EXISTS` makes the migration safe to run on a database that
already has them.
"""

from django.db import migrations

INDEXES = {
    "card_game_type_idx": "game_id, type",
    "card_game_cost_idx": "game_id, cost",
    "card_game_name_idx": "game_id, name",
}


class Migration(migrations.Migration):
    dependencies = [("decks", "0004_import_jobs")]

    operations = [
        migrations.RunSQL(
            sql=f'CREATE INDEX IF NOT EXISTS {name} ON "decks_card" ({columns});',
            reverse_sql=f"DROP INDEX IF EXISTS {name};",
        )
        for name, columns in INDEXES.items()
    ]
