from django.contrib import admin
from django.urls import include, path

from decks.api.views import api
from decks.views import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", api.urls),
    path("", include("decks.urls")),
]
