from django.db import migrations

GAMES = {
    "fftcg": "Final Fantasy Trading Card Game",
    "dbsfw": "Dragon Ball Super Card Game Fusion World",
    "gbf": "GRANBLUE FANTASY TCG",
    "fireforce": "Fire Force TCG",
}


def create_games(apps, schema_editor):
    Game = apps.get_model("decks", "Game")
    for game_id, name in GAMES.items():
        Game.objects.update_or_create(id=game_id, defaults={"name": name})


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]

    operations = [migrations.RunPython(create_games, migrations.RunPython.noop)]
