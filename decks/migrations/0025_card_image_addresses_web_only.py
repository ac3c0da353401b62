"""Card image addresses stored before they were checked (issue 31, item 9) lose any that is no web
address (`javascript:`, `data:`, ...): a card without one is drawn as a frame from its data. http
addresses stay, as a site run while debugging accepts them."""

from urllib.parse import urlsplit

from django.db import migrations


def is_web_address(url: str) -> bool:
    try:
        parts = urlsplit(url)
    except ValueError:  # an unclosed [IPv6] host
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


def drop_addresses_that_are_not_web(apps, schema_editor):
    Card = apps.get_model("decks", "Card")
    stored = Card.objects.exclude(image_url="").values_list("pk", "image_url")
    Card.objects.filter(pk__in=[pk for pk, url in stored.iterator() if not is_web_address(url)]).update(
        image_url=""
    )


class Migration(migrations.Migration):
    dependencies = [("decks", "0024_simulator_preparation")]

    operations = [migrations.RunPython(drop_addresses_that_are_not_web, migrations.RunPython.noop)]
