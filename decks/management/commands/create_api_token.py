"""`python manage.py create_api_token USER [--name TEXT]`: print a new API key for USER, once."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks.api.auth import create_token


class Command(BaseCommand):
    help = "Create a key for the JSON API acting as USER and print it; only its hash is stored."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("user", help="the username the key acts as")
        parser.add_argument("--name", default="", help="what the key is for")

    def handle(self, *args: object, **options: object) -> None:
        User = get_user_model()  # noqa: N806
        try:
            user = User.objects.get_by_natural_key(str(options["user"]))
        except User.DoesNotExist:
            raise CommandError(f"No user {options['user']!r}.") from None
        token, key = create_token(user, str(options["name"])[:100])
        self.stderr.write(f"Token {token.prefix}… for {user.get_username()}; it is not shown again:")
        self.stdout.write(key)
