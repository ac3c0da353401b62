from django.contrib import admin
from django.urls import include, path

from decks.api.views import api
from decks.web.views import healthz

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", api.urls),
    path("", include("decks.urls")),
]

handler400 = "decks.web.errors.bad_request"
handler403 = "decks.web.errors.permission_denied"
handler404 = "decks.web.errors.page_not_found"
handler500 = "decks.web.errors.server_error"
