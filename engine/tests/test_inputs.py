"""Names lose the characters that hide or reorder text; image addresses are web addresses (issue 31, 9)."""

import pytest

from engine.inputs import MAX_IMAGE_URL_LENGTH, clean_name, clean_text, image_url_problem

BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


@pytest.mark.parametrize("hidden", [*BIDI, "\x00", "\x1b", "\x7f"])
def test_a_name_loses_each_hidden_character(hidden):
    assert clean_name(f" Cloud{hidden} Strife{hidden} ") == "Cloud Strife"


def test_a_name_keeps_every_visible_character():
    name = "[千年を探す者]ユエル(最終上限解放) — Zack's «Buster» Sword ×3 سيف"
    assert clean_name(name) == name


def test_text_keeps_its_lines():
    assert clean_text("Draw 1 card.\u202e\nHaste\x00\n") == "Draw 1 card.\nHaste\n"


@pytest.mark.parametrize(
    "url",
    ["", "https://fftcg.cdn.sewest.net/images/cards/full/1-001H_eg.jpg", "HTTPS://example.com/a.webp"],
)
def test_https_addresses_and_none_are_fine(url):
    assert image_url_problem(url) is None


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JavaScript:alert(document.cookie)",
        "data:image/svg+xml,<svg onload=alert(1)>",
        "vbscript:msgbox",
        "file:///etc/passwd",
        "ftp://example.com/a.jpg",
        "//example.com/a.jpg",
        "/static/a.jpg",
        "https:///a.jpg",
        "https://[::1/a.jpg",
        "https://example.com/a b.jpg",
        "https://example.com/\x00.jpg",
        "https://example.com/" + "a" * MAX_IMAGE_URL_LENGTH,
        "http://example.com/a.jpg",
    ],
)
def test_anything_else_is_refused(url):
    assert image_url_problem(url) is not None


def test_plain_http_only_when_asked():
    assert image_url_problem("http://localhost:8000/a.jpg", allow_http=True) is None
    assert image_url_problem("javascript:alert(1)", allow_http=True) is not None
    assert image_url_problem("http://localhost:8000/a.jpg") == (
        "An image address starts with https:// and a host name, like https://example.com/card.jpg."
    )
