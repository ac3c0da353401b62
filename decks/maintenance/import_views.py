"""The imports page: staff queue card imports for the worker and watch them run."""

from __future__ import annotations

import uuid
from pathlib import Path

from django import forms
from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

import engine
from decks.maintenance.importing import queue_import
from decks.models import ImportJob
from decks.web.requests import HtmxHttpRequest

MAX_UPLOAD_BYTES = 50_000_000
UPLOAD_SUFFIXES = (".json", ".csv", ".html")


class ImportForm(forms.Form):
    game = forms.ChoiceField(choices=engine.game_choices)
    lang = forms.ChoiceField(label="Language", choices=(("en", "English"), ("ja", "Japanese")))
    file = forms.FileField(
        required=False,
        help_text="A card file in the game's source format (engine/importers/README.md). "
        "Leave empty to fetch the official list (FFTCG and DBS FW only).",
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        upload = data.get("file")
        game = engine.GAMES.get(str(data.get("game")))
        if upload is None and not (game and game.official_card_list):
            raise forms.ValidationError("This game has no official card list to fetch; upload a card file.")
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError(f"A card file may be at most {MAX_UPLOAD_BYTES // 1_000_000} MB.")
            if Path(upload.name or "").suffix.lower() not in UPLOAD_SUFFIXES:
                raise forms.ValidationError(f"A card file ends in {', '.join(UPLOAD_SUFFIXES)}.")
        return data


@staff_member_required
@require_http_methods(["GET", "POST"])
def imports(request: HtmxHttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        with transaction.atomic():
            if upload is None:
                queue_import(form.cleaned_data["game"], source="official", lang=form.cleaned_data["lang"])
            else:
                path = _store_upload(upload)
                queue_import(
                    form.cleaned_data["game"], source="file", path=str(path), lang=form.cleaned_data["lang"]
                )
        return redirect("decks:imports")
    jobs = ImportJob.objects.select_related("game")[:30]
    active = any(not job.is_finished for job in jobs)
    template = "decks/imports.html#jobs" if request.htmx else "decks/imports.html"
    return render(request, template, {"form": form, "jobs": jobs, "active": active})


def _store_upload(upload: UploadedFile) -> Path:
    """Keep the uploaded file where the worker can read it, under a name no one chose."""
    folder = Path(settings.BASE_DIR) / "var" / "import" / "uploads"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{uuid.uuid4().hex}{Path(upload.name or '').suffix.lower()}"
    with path.open("wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    return path
