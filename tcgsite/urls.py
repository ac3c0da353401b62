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

handler400 = "decks.error_views.bad_request"
handler403 = "decks.error_views.permission_denied"
handler404 = "decks.error_views.page_not_found"
handler500 = "decks.error_views.server_error"
