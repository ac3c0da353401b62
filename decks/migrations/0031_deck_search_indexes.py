"""Indexes for the public deck search over 100,000 decks (issue 35): the decks playing a card, and deck
names found by a piece of text.

A name is found by any piece of it, which a B-tree cannot index; each database has its trigram index:
- PostgreSQL: pg_trgm's GIN index on UPPER(name), the expression Django's `icontains` compares. Creating
  the extension needs a role allowed to (pg_trgm is a trusted extension: the database's owner may); where
  it cannot be created the index is left out and a name search reads the table, as before.
- SQLite: an FTS5 table with the trigram tokenizer over decks_deck.name, kept current by triggers
  (decks.builder.search.name_contains reads it). Django rebuilds a SQLite table to alter it, which
  drops its triggers: a later migration that alters decks_deck on SQLite must create them again
  (decks/tests/test_deck_search_indexes.py fails until it does).
"""

import logging

from django.db import DatabaseError, migrations, models, transaction

TRIGRAMS = "deck_name_trigrams"

SQLITE_CREATE = [
    f"CREATE VIRTUAL TABLE {TRIGRAMS} USING fts5(name, content='decks_deck', content_rowid='id', "
    "tokenize='trigram')",
    f"INSERT INTO {TRIGRAMS}({TRIGRAMS}) VALUES ('rebuild')",
    f"CREATE TRIGGER {TRIGRAMS}_insert AFTER INSERT ON decks_deck BEGIN "
    f"INSERT INTO {TRIGRAMS}(rowid, name) VALUES (new.id, new.name); END",
    f"CREATE TRIGGER {TRIGRAMS}_delete AFTER DELETE ON decks_deck BEGIN "
    f"INSERT INTO {TRIGRAMS}({TRIGRAMS}, rowid, name) VALUES ('delete', old.id, old.name); END",
    f"CREATE TRIGGER {TRIGRAMS}_rename AFTER UPDATE OF name ON decks_deck BEGIN "
    f"INSERT INTO {TRIGRAMS}({TRIGRAMS}, rowid, name) VALUES ('delete', old.id, old.name); "
    f"INSERT INTO {TRIGRAMS}(rowid, name) VALUES (new.id, new.name); END",
]
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS {TRIGRAMS}_{event}" for event in ("insert", "delete", "rename")] + [
    f"DROP TABLE IF EXISTS {TRIGRAMS}"
]

POSTGRESQL_INDEX = "deck_name_trigram"


def create_name_index(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "sqlite":
        for statement in SQLITE_CREATE:
            schema_editor.execute(statement)
    elif connection.vendor == "postgresql":
        try:
            with transaction.atomic(using=connection.alias):  # a refusal rolls back to here only
                schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        except DatabaseError as refused:  # no right to: the search works without the index
            logging.getLogger(__name__).warning(
                "pg_trgm not available (%s): deck names are searched without an index", refused
            )
            return
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {POSTGRESQL_INDEX} ON decks_deck "
            "USING gin (UPPER(name::text) gin_trgm_ops)"
        )


def drop_name_index(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "sqlite":
        for statement in SQLITE_DROP:
            schema_editor.execute(statement)
    elif connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {POSTGRESQL_INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0030_deck_needs"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="deckcard",
            index=models.Index(fields=["card", "section", "deck"], name="deck_card_by_card"),
        ),
        migrations.RunPython(create_name_index, drop_name_index),
    ]
