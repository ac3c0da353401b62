"""Rate-limit counters move out of the per-process page cache into the database (decks.web.security)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0019_run_runner"),
    ]

    operations = [
        migrations.CreateModel(
            name="RateLimitCounter",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("scope", models.CharField(max_length=40)),
                (
                    "client",
                    models.CharField(
                        help_text='"ip:<address>" or "u:<user id>"; a long one hashed.', max_length=80
                    ),
                ),
                ("window_start", models.DateTimeField()),
                ("window_end", models.DateTimeField(db_index=True)),
                ("count", models.PositiveIntegerField(default=0)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("scope", "client", "window_start"), name="rate_limit_counter_one_per_window"
                    )
                ],
            },
        ),
    ]
