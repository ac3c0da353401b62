import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

import engine


class Game(models.Model):
    # The games of the registry (engine.GAMES), read when asked, with their names as the publishers print
    # them. The registry is the one list of games: the table holds no constraint of its own on ids, so
    # adding a game to engine.GAMES (and a row for it) is all a new game needs of the database.
    id = models.SlugField(primary_key=True, max_length=16, choices=engine.game_choices)
    name = models.CharField(max_length=100)
    # Both versions are kept by decks.cards.versions, for the caches of the pages that show them.
    cards_version = models.PositiveIntegerField(
        default=0,
        help_text="Goes up with every change to the game's cards or card sets.",
    )
    ban_lists_version = models.PositiveIntegerField(
        default=0,
        help_text="Goes up with every change to the game's ban lists or their entries.",
    )

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="card_sets")
    code = models.CharField(max_length=32)
    name = models.CharField(max_length=200)
    is_sample = models.BooleanField(default=False, help_text="Fictional cards made up for demos and tests.")

    class Meta:
        ordering = ("game", "code")
        constraints = [
            models.UniqueConstraint(fields=("game", "code"), name="card_set_code_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


# The columns Card.search_text is made of: a write of any of them writes it too.
SEARCHED_FIELDS = frozenset({"game", "game_id", "number", "name", "text"})


def card_search_text(card: "Card") -> str:
    """What the card browser's text search matches: the card's number, name and printed text, its lines
    and spaces as single spaces, upper-cased (the search treats the words typed the same way)."""
    printed = engine.get_game(card.game_id).printed_text(card.text)
    return "\n".join((card.number, card.name, " ".join(printed.split()))).upper()


class CardManager(models.Manager["Card"]):
    """Bulk writes send no save(): these fill Card.search_text for them."""

    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list["Card"]:
        objs = list(objs)
        for card in objs:
            card.search_text = card_search_text(card)
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(self, objs: Any, fields: Any, *args: Any, **kwargs: Any) -> int:
        objs, fields = list(objs), list(fields)
        if SEARCHED_FIELDS & set(fields):
            for card in objs:
                card.search_text = card_search_text(card)
            fields.append("search_text")
        return super().bulk_update(objs, fields, *args, **kwargs)


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    number = models.CharField(max_length=32, help_text='The full printing number, e.g. "11-136S".')
    base_number = models.CharField(
        max_length=32, db_index=True, help_text="Printings with the same base number share copy limits."
    )
    aliases = models.JSONField(default=list, blank=True, help_text="Numbers of the other printings.")
    name = models.CharField(max_length=200)
    type = models.CharField(max_length=32)
    colors = models.JSONField(default=list, blank=True)
    cost = models.IntegerField(null=True, blank=True)
    power = models.IntegerField(null=True, blank=True)
    traits = models.JSONField(default=list, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    text = models.TextField(blank=True)
    image_url = models.URLField(blank=True)
    data = models.JSONField(
        default=dict, blank=True, help_text="Game-specific fields: lb_cost, specified_cost, atk, hp, ..."
    )
    # What the card browser's words are matched against: the number, the name and the text as the card
    # prints it (GameRules.printed_text: FFTCG's "[[i]]Card Name Moogle[[/]]" is found by "Card Name
    # Moogle"), upper-cased once on every write, so a search is one plain LIKE per card
    # (decks/cards/views.py). Python fills it, as no SQL expression reads the markup: save() and the
    # manager's bulk writes do (SEARCHED_FIELDS).
    search_text = models.TextField(blank=True, editable=False)

    objects = CardManager()

    class Meta:
        ordering = ("game", "number")
        constraints = [
            models.UniqueConstraint(fields=("game", "number"), name="card_number_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.search_text = card_search_text(self)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and SEARCHED_FIELDS & set(update_fields):
            kwargs["update_fields"] = [*update_fields, "search_text"]
        super().save(*args, **kwargs)


def new_share_id() -> str:
    return secrets.token_urlsafe(12)


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private"
    UNLISTED = "unlisted", "Unlisted (anyone with the link)"
    PUBLIC = "public", "Public"


class LiveDecks(models.Manager["Deck"]):
    """Decks not deleted: every page, list and API call sees these only (a deleted deck is gone)."""

    def get_queryset(self) -> "models.QuerySet[Deck]":
        return super().get_queryset().filter(deleted_at__isnull=True)


class Deck(models.Model):
    Visibility = Visibility
    # A deleted deck waits DELETED_KEPT_FOR with deleted_at set, so its owner can undo the delete.
    DELETED_KEPT_FOR = timedelta(days=7)

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="decks"
    )
    session_key = models.CharField(
        max_length=64, blank=True, db_index=True, help_text="Owner's session when the owner is anonymous."
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    format = models.CharField(max_length=32)
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    visibility = models.CharField(max_length=16, choices=Visibility.choices, default=Visibility.PRIVATE)
    share_id = models.CharField(max_length=32, unique=True, default=new_share_id, editable=False)
    forked_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks"
    )
    forked_from_version = models.ForeignKey(
        "DeckVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks"
    )
    # Counts every change (cards, format, details) for caches and open editors; the history a player sees
    # is DeckVersion.
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    # What the public deck search filters and sorts by, kept on the row so that a search of 100,000 decks
    # reads one indexed table (decks.builder.search). Legality is the verdict for the game's card data and
    # ban lists of `legal_as_of`; a search trusts it only while those are still the game's.
    legal = models.BooleanField(null=True, blank=True, help_text="Legal in its format, as of legal_as_of.")
    legal_as_of = models.CharField(
        max_length=32, blank=True, help_text="The game's card data and ban list versions the verdict read."
    )
    colours = models.CharField(
        max_length=100, blank=True, help_text="The main deck's colours or elements, each between spaces."
    )
    favourite_count = models.PositiveIntegerField(default=0)
    view_count = models.PositiveBigIntegerField(default=0)
    fork_count = models.PositiveIntegerField(default=0)

    objects = LiveDecks()
    with_deleted = models.Manager()

    class Meta:
        ordering = ("-updated_at",)
        base_manager_name = "with_deleted"  # a run or a fork still reaches its deck's row
        constraints = [
            models.CheckConstraint(
                condition=Q(visibility__in=Visibility.values), name="deck_visibility_known"
            ),
        ]
        # The search's orders, each on the decks not deleted and behind the filter every search has
        # (public): a page of 20 is read off an index, not sorted out of every match, and the count is
        # counted on it. Partial (deleted_at IS NULL): PostgreSQL orders by an index only after columns
        # held equal, which IS NULL is not.
        indexes = [
            models.Index(
                fields=["visibility", f"-{order}", "-id"],
                condition=Q(deleted_at__isnull=True),
                name=f"deck_search_{name}",
            )
            for name, order in (
                ("newest", "created_at"),
                ("favourites", "favourite_count"),
                ("views", "view_count"),
                ("forks", "fork_count"),
            )
        ]

    def get_absolute_url(self) -> str:
        return reverse("decks:deck", args=[self.share_id])

    def __str__(self) -> str:
        return self.name


class DeckCard(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    section = models.CharField(max_length=16)
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ("deck", "section", "card__number")
        constraints = [
            models.CheckConstraint(condition=Q(count__gt=0), name="deck_card_count_positive"),
            models.UniqueConstraint(fields=("deck", "card", "section"), name="deck_card_unique_per_section"),
        ]
        # The decks playing a card, read off the index alone (the public deck search's "plays the card"
        # and "Leader or captain").
        indexes = [models.Index(fields=["card", "section", "deck"], name="deck_card_by_card")]

    def __str__(self) -> str:
        return f"{self.count}x {self.card.number} ({self.section})"


class DeckNeed(models.Model):
    """The copies of one card, by base number, that a deck's sections hold between them: what a collection
    must own to build the deck (engine.collection.shortfall counts the same). Kept by
    decks.builder.search.store_needs wherever the deck's cards change, so "decks I can build now" reads
    one indexed table instead of adding up every deck's cards per search."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="needs", db_index=False)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+", db_index=False)
    base_number = models.CharField(max_length=32)
    count = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("deck", "base_number"), name="deck_need_once"),
            models.CheckConstraint(condition=Q(count__gt=0), name="deck_need_count_positive"),
        ]
        # A collection's search seeks, per card, the decks needing more copies than it owns.
        indexes = [models.Index(fields=["game", "base_number", "count", "deck"], name="deck_need_by_card")]

    def __str__(self) -> str:
        return f"{self.count}x {self.base_number}"


class DeckTag(models.Model):
    """A word the owner files the deck under ("aggro", "wind-tempo"), for the public deck search."""

    MAX_PER_DECK = 5
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    name = models.SlugField(max_length=30)

    class Meta:
        ordering = ("name",)
        constraints = [models.UniqueConstraint(fields=("deck", "name"), name="deck_tag_once")]

    def __str__(self) -> str:
        return self.name


class Favourite(models.Model):
    """A user's star on a deck: one a user a deck (Deck.favourite_count counts them)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="favourites")
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="favourites")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=("user", "deck"), name="favourite_once")]


class DeckVersion(models.Model):
    """A deck's list (its cards by section and its format) after a change: the deck's history.

    Changes by the same editor within FOLD_WITHIN fold into the latest version, unless a goldfish run or
    a fork names that version or it restores another: what names a version must keep seeing it as it was.
    """

    FOLD_WITHIN = timedelta(minutes=5)

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    format = models.CharField(max_length=32)
    cards = models.JSONField(default=dict, help_text="{section: {card number: count}}")
    # The deck's owner when the change was made; None for a visitor's deck (no account) or a backup restore.
    editor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    restored_from = models.PositiveIntegerField(null=True, blank=True, help_text="The version it restores.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now, help_text="The last change folded into it.")

    class Meta:
        ordering = ("deck", "-number")
        constraints = [
            models.UniqueConstraint(fields=("deck", "number"), name="deck_version_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.deck} version {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("decks:deck-version", args=[self.deck.share_id, self.number])

    @property
    def copies(self) -> int:
        return sum(sum(cards.values()) for cards in self.cards.values())


class BanList(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="ban_lists")
    name = models.CharField(max_length=200)
    effective_date = models.DateField()
    formats = models.JSONField(
        default=list,
        blank=True,
        help_text="The format ids it applies to; empty: every format of the game but the sealed ones "
        "(FFTCG limited, Fire Force blitz-shield), where the cards come from the pool opened.",
    )

    class Meta:
        ordering = ("game", "-effective_date")

    def __str__(self) -> str:
        return f"{self.name} ({self.effective_date})"


class BanListEntry(models.Model):
    ban_list = models.ForeignKey(BanList, on_delete=models.CASCADE, related_name="entries")
    base_number = models.CharField(max_length=32)
    max_copies = models.PositiveSmallIntegerField(help_text="0 means banned.")

    class Meta:
        ordering = ("ban_list", "base_number")
        verbose_name_plural = "ban list entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(max_copies__gte=0), name="ban_list_entry_max_copies_not_negative"
            ),
            models.UniqueConstraint(fields=("ban_list", "base_number"), name="ban_list_entry_unique_card"),
        ]

    def __str__(self) -> str:
        return f"{self.base_number}: {'banned' if self.max_copies == 0 else f'at most {self.max_copies}'}"


class RunStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


class WorkerJob(models.Model):
    """Work done by a Celery worker, its state written to its own row by the worker.

    The lifecycle methods are compare-and-set updates, so a redelivered task message or a worker racing a
    cancellation cannot move a finished job backwards; each returns whether it changed the row.
    """

    Status = RunStatus
    FINISHED = (Status.DONE, Status.FAILED, Status.CANCELLED)

    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
        ordering = ("-created_at",)

    @property
    def is_finished(self) -> bool:
        return self.status in self.FINISHED

    def _set_unless_finished(self, **fields: Any) -> bool:
        fields["updated_at"] = timezone.now()
        updated = (
            type(self)._default_manager.filter(pk=self.pk).exclude(status__in=self.FINISHED).update(**fields)
        )
        if updated:
            for name, value in fields.items():
                setattr(self, name, value)
        return updated == 1

    def start(self) -> bool:
        """Mark the job running; False if it has already finished (a redelivered message).

        A job left "running" by a worker that died is started again: running it twice is harmless.
        """
        return self._set_unless_finished(status=self.Status.RUNNING, started_at=timezone.now())

    def fail(self, error: str) -> bool:
        return self._set_unless_finished(status=self.Status.FAILED, error=error, finished_at=timezone.now())

    def cancel(self) -> bool:
        return self._set_unless_finished(status=self.Status.CANCELLED, finished_at=timezone.now())


class SimulationRun(WorkerJob):
    """One goldfish simulation; its games are played in chunks (SimulationChunk) by any worker."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="simulation_runs")
    deck_version = models.ForeignKey(
        DeckVersion, null=True, blank=True, on_delete=models.SET_NULL, related_name="runs"
    )
    deck_snapshot = models.JSONField(help_text="The deck file the run simulates, as it was when queued.")
    params = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    games = models.PositiveIntegerField()
    games_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    # Who started it, for their limit of runs in progress and their turn on the workers: "u:<user id>",
    # or "s:<session key>" for a visitor (decks.goldfish.runs.runner_of). Not always the deck's owner: a
    # comparison runs the other deck too.
    runner = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # A visitor's address too, hashed (not the address), so dropping the cookie does not reset the limit.
    started_from = models.CharField(max_length=32, blank=True, default="")

    class Meta(WorkerJob.Meta):
        constraints = [
            models.CheckConstraint(condition=Q(games__gt=0), name="simulation_run_games_positive"),
            models.CheckConstraint(
                condition=Q(status__in=RunStatus.values),
                name="simulation_run_status_known",
            ),
        ]

    def __str__(self) -> str:
        return f"Run {self.pk} of {self.deck} ({self.status})"

    @property
    def progress(self) -> float:
        return self.games_done / self.games

    def record_progress(self, games_done: int) -> bool:
        return self._set_unless_finished(games_done=games_done)

    def finish(self, result: dict[str, Any]) -> bool:
        """Store the result; False if the run had already finished, failed or been cancelled."""
        return self._set_unless_finished(
            status=self.Status.DONE, result=result, games_done=self.games, finished_at=timezone.now()
        )


class RunSlotLock(models.Model):
    """One row per runner (a user, or a visitor's address) to lock while counting their runs in progress
    and adding one, so parallel requests cannot all pass the check (decks.goldfish.runs)."""

    key = models.CharField(max_length=80, unique=True)

    def __str__(self) -> str:
        return self.key


class WorkerHeartbeat(models.Model):
    """Written by every running worker every WORKER_HEARTBEAT_SECONDS (decks.goldfish.heartbeat), so /healthz
    can tell whether any worker is alive without sending a task that a busy worker would sit on."""

    hostname = models.CharField(max_length=200, unique=True)
    beat_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.hostname} at {self.beat_at:%Y-%m-%d %H:%M:%S}"


class WorkerPing(models.Model):
    """Written by the decks.tasks.ping task: proof that a worker took a message and reached the database."""

    token = models.CharField(max_length=64, unique=True)
    hostname = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.hostname} at {self.created_at:%Y-%m-%d %H:%M:%S}"


class SimulationChunk(models.Model):
    """A slice of a run's games that any worker may take: games first_game .. first_game + games - 1.

    Each game's randomness depends only on the run's seed and the game's index, so a chunk computed
    twice (a redelivered message, a stalled worker replaced) gives the same result, and the run's
    result is the merge of its chunks whatever order they finish in. `updated_at` is the heartbeat:
    a chunk not done whose heartbeat is old is sent again, up to GOLDFISH_MAX_ATTEMPTS times. A queued
    chunk whose `sent_at` is old has not been started by any worker (/healthz says so). A run has at most
    GOLDFISH_WORKER_PROCESSES chunks on the queue at once (decks.goldfish.runs): the others wait, unsent,
    so runs take turns.
    """

    Status = RunStatus

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    going = models.CharField(max_length=8)
    first_game = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    games_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    attempts = models.PositiveIntegerField(
        default=0,
        help_text="Times handed to the workers: each send, and each delivery the broker repeated after "
        "its worker process died.",
    )
    seconds = models.FloatField(null=True, blank=True, help_text="Time the finished chunk took.")
    sent_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When it was sent to the workers (a chunk sent again that no worker started keeps the "
        "first time); empty: waiting its turn.",
    )
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("run", "index")
        constraints = [
            models.UniqueConstraint(fields=("run", "index"), name="simulation_chunk_unique_index"),
            models.CheckConstraint(condition=Q(games__gt=0), name="simulation_chunk_games_positive"),
            models.CheckConstraint(condition=Q(going__in=("first", "second")), name="simulation_chunk_going"),
        ]

    def __str__(self) -> str:
        return f"Chunk {self.index} of run {self.run_id} ({self.status})"


class SimulatorPreparation(models.Model):
    """A worker process running a game's goldfish simulator for the first time: Numba compiles it (minutes,
    on the first use after an install) or loads it from its cache. The worker writes how far it is every
    few seconds (decks.goldfish.compiling), so a run's page, in another process, can say why its games
    have not started and how long it may take; a finished one is kept as the game's typical compile."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="simulator_preparations")
    chunk = models.ForeignKey(
        SimulationChunk, on_delete=models.SET_NULL, null=True, blank=True, related_name="preparations"
    )
    worker = models.CharField(max_length=200, help_text="The worker process: host and process id.")
    steps_done = models.PositiveIntegerField(default=0, help_text="Functions compiled so far.")
    started_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now, help_text="Its heartbeat, every few seconds.")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-started_at",)

    def __str__(self) -> str:
        return f"{self.game_id} simulator on {self.worker}, {self.steps_done} steps"


class ImportJob(WorkerJob):
    """A card import run by a worker, its progress and outcome on this row for the imports page."""

    class Source(models.TextChoices):
        OFFICIAL = "official", "The publisher's site"
        FILE = "file", "A file on the server"

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="import_jobs")
    source = models.CharField(max_length=16, choices=Source.choices)
    path = models.CharField(max_length=500, blank=True, help_text="The file, for a file import.")
    lang = models.CharField(max_length=2, choices=(("en", "English"), ("ja", "Japanese")), default="en")
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    added = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    rejected = models.JSONField(default=list, blank=True, help_text="Each rejected record and why.")

    class Meta(WorkerJob.Meta):
        constraints = [
            models.CheckConstraint(
                condition=Q(source__in=("official", "file")), name="import_job_source_known"
            ),
            models.CheckConstraint(condition=Q(status__in=RunStatus.values), name="import_job_status_known"),
        ]

    def __str__(self) -> str:
        return f"Import {self.pk} of {self.game_id} ({self.status})"

    def record_progress(self, done: int, total: int) -> bool:
        return self._set_unless_finished(done=done, total=total)

    def finish(self, *, added: int, updated: int, unchanged: int, rejected: list[str]) -> bool:
        return self._set_unless_finished(
            status=self.Status.DONE,
            added=added,
            updated=updated,
            unchanged=unchanged,
            rejected=rejected,
            done=self.total,
            finished_at=timezone.now(),
        )


class APIToken(models.Model):
    """A key for the JSON API, acting as its user. Only a hash is stored: the key is shown once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, blank=True, help_text="What the key is for.")
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=8, editable=False, help_text="The key's first characters.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user})"


class RateLimitCounter(models.Model):
    """How many requests one client made in one scope during one window of its rate (decks.web.security),
    on a site without Redis. In the database rather than the page cache, so that every web process counts
    together and no amount of page traffic can push a count out; a row goes once its window has ended."""

    scope = models.CharField(max_length=40)
    client = models.CharField(max_length=80, help_text='"ip:<address>" or "u:<user id>"; a long one hashed.')
    window_start = models.DateTimeField()
    window_end = models.DateTimeField(db_index=True)
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=("scope", "client", "window_start"), name="rate_limit_counter_one_per_window"
            )
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.client} from {self.window_start:%Y-%m-%d %H:%M:%S}: {self.count}"


class TuningRun(WorkerJob):
    """Which card to cut, which to add (engine.advice.tune) for one version of a deck: its one-card swaps
    goldfished on the deck's own seeds, in chunks of swaps (TuningChunk) that any worker may take, as a
    goldfish run's games are. Kept per deck version: the result speaks of the list it was made from."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tuning_runs")
    deck_version = models.ForeignKey(
        DeckVersion, null=True, blank=True, on_delete=models.SET_NULL, related_name="tuning_runs"
    )
    deck_snapshot = models.JSONField(help_text="The deck file the swaps are made to, as it was when queued.")
    candidates = models.JSONField(
        default=dict, blank=True, help_text="The data of every card a swap adds, by number, for the workers."
    )
    candidates_given = models.BooleanField(
        default=False, help_text="The player named the candidates (else: every card the deck may add)."
    )
    swaps = models.JSONField(
        default=list, help_text='The swaps to play, [{"cut": ..., "add": ...}], in order.'
    )
    settings = models.JSONField(default=dict, help_text="engine.advice.tune.Settings, as a dict.")
    variants = models.PositiveIntegerField()
    variants_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True, help_text="TuneResult.to_dict(), once finished.")
    runner = models.CharField(max_length=64, blank=True, default="", db_index=True)

    class Meta(WorkerJob.Meta):
        constraints = [
            models.CheckConstraint(condition=Q(variants__gt=0), name="tuning_run_variants_positive"),
            models.CheckConstraint(condition=Q(status__in=RunStatus.values), name="tuning_run_status_known"),
        ]

    def __str__(self) -> str:
        return f"Tuning {self.pk} of {self.deck} ({self.status})"

    @property
    def progress(self) -> float:
        return self.variants_done / self.variants

    def record_progress(self, variants_done: int) -> bool:
        return self._set_unless_finished(variants_done=variants_done)

    def finish(self, result: dict[str, Any]) -> bool:
        return self._set_unless_finished(
            status=self.Status.DONE, result=result, variants_done=self.variants, finished_at=timezone.now()
        )


class TuningChunk(models.Model):
    """Swaps first .. first + count - 1 of a tuning run, for one worker. Each plays the deck itself too
    (the same seeds, so the same games in every chunk) and compares each of its swaps with it; computing a
    chunk twice gives the same answer, so a chunk whose worker died (its heartbeat, `updated_at`, grows
    old) is sent again, up to GOLDFISH_MAX_ATTEMPTS times, as a goldfish chunk is."""

    Status = RunStatus

    run = models.ForeignKey(TuningRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    first = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    variants_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(
        null=True, blank=True, help_text='{"baseline": ..., "variants": [...]}: the swaps measured so far.'
    )
    attempts = models.PositiveIntegerField(default=0)
    seconds = models.FloatField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("run", "index")
        constraints = [
            models.UniqueConstraint(fields=("run", "index"), name="tuning_chunk_unique_index"),
            models.CheckConstraint(condition=Q(count__gt=0), name="tuning_chunk_count_positive"),
        ]

    def __str__(self) -> str:
        return f"Chunk {self.index} of tuning {self.run_id} ({self.status})"


class Collection(models.Model):
    """The cards a user owns (issue 36), private to that user. `version` goes up with every change, so a
    cached page that shows owned counts (the card browser) is keyed on it and never outlives them."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection")
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"Collection of {self.user}"


class OwnedCard(models.Model):
    """Copies owned of one card, by its base number within its game (GameRules.base_number), so every
    printing of the card counts toward it, as copy limits count them. No row: none owned."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="cards")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    base_number = models.CharField(max_length=32)
    count = models.PositiveIntegerField()

    class Meta:
        ordering = ("collection", "game", "base_number")
        constraints = [
            models.UniqueConstraint(fields=("collection", "game", "base_number"), name="owned_card_once"),
            models.CheckConstraint(condition=Q(count__gt=0), name="owned_card_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count}x {self.base_number}"


class PlayedGame(models.Model):
    """A real game the deck's owner played and logged (decks.builder.gamelog): private to the owner,
    counted by engine.record. It belongs to the deck version in force on its date, or the one picked."""

    class Result(models.TextChoices):
        WIN = "win", "Win"
        LOSS = "loss", "Loss"
        DRAW = "draw", "Draw"

    class Kind(models.TextChoices):
        CASUAL = "casual", "Casual"
        EVENT = "event", "Event"

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="played_games")
    deck_version = models.ForeignKey(
        DeckVersion, null=True, blank=True, on_delete=models.SET_NULL, related_name="played_games"
    )
    played_on = models.DateField(default=timezone.localdate)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.CASUAL)
    event = models.CharField(max_length=100, blank=True, help_text="The event's name, for an event game.")
    result = models.CharField(max_length=8, choices=Result.choices)
    went_first = models.BooleanField(default=True)
    mulliganed = models.BooleanField(default=False)
    last_turn = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
        help_text="The turn the game ended on.",
    )
    opponent = models.CharField(max_length=100, blank=True, help_text="Their Leader or captain, or elements.")
    archetype = models.CharField(max_length=100, blank=True)
    notes = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-played_on", "-pk")
        indexes = [models.Index(fields=["deck", "-played_on"], name="played_game_deck_date")]
        constraints = [
            models.CheckConstraint(
                condition=Q(result__in=("win", "loss", "draw")), name="played_game_result"
            ),
            models.CheckConstraint(condition=Q(kind__in=("casual", "event")), name="played_game_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.result} with {self.deck} on {self.played_on}"


class GameRecordShown(models.Model):
    """A deck whose owner shows its game record's totals on the deck page (the log itself stays
    private): a row is the setting on, no row is the default, private."""

    deck = models.OneToOneField(Deck, on_delete=models.CASCADE, primary_key=True, related_name="record_shown")

    def __str__(self) -> str:
        return f"Record shown for {self.deck}"
