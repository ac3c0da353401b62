"""The project package. The Celery app (tcgsite.celery) is not imported here: `celery -A tcgsite` finds it
as the `celery` submodule, and the web process loads it with decks.tasks, so the command line starts
without Celery."""
