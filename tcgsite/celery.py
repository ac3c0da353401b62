import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")

app = Celery("tcgsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
