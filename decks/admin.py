from django.contrib import admin

from decks.models import (
    BanList,
    BanListEntry,
    Card,
    CardSet,
    Deck,
    DeckCard,
    Game,
    ImportJob,
    SimulationChunk,
    SimulationRun,
    WorkerPing,
)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "name")


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game", "is_sample")
    list_filter = ("game", "is_sample")
    search_fields = ("code", "name")


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "game", "card_set", "type", "cost", "power")
    list_filter = ("game", "card_set", "type")
    search_fields = ("number", "base_number", "name", "text")


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    raw_id_fields = ("card",)
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "owner", "visibility", "version", "updated_at")
    list_filter = ("game", "visibility")
    search_fields = ("name", "description", "share_id", "owner__username")
    raw_id_fields = ("owner", "forked_from")
    readonly_fields = ("share_id", "created_at", "updated_at")
    inlines = (DeckCardInline,)


@admin.register(DeckCard)
class DeckCardAdmin(admin.ModelAdmin):
    list_display = ("deck", "card", "section", "count")
    list_filter = ("section", "deck__game")
    search_fields = ("deck__name", "card__number", "card__name")
    raw_id_fields = ("deck", "card")


class BanListEntryInline(admin.TabularInline):
    model = BanListEntry
    extra = 1


@admin.register(BanList)
class BanListAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "effective_date", "formats")
    list_filter = ("game",)
    search_fields = ("name", "entries__base_number")
    inlines = (BanListEntryInline,)


@admin.register(BanListEntry)
class BanListEntryAdmin(admin.ModelAdmin):
    list_display = ("base_number", "max_copies", "ban_list")
    list_filter = ("ban_list__game", "ban_list")
    search_fields = ("base_number",)


class SimulationChunkInline(admin.TabularInline):
    model = SimulationChunk
    extra = 0
    fields = (
        "index",
        "going",
        "first_game",
        "games",
        "status",
        "games_done",
        "attempts",
        "seconds",
        "updated_at",
    )
    readonly_fields = fields
    can_delete = False


@admin.register(SimulationRun)
class SimulationRunAdmin(admin.ModelAdmin):
    list_display = ("id", "deck", "status", "games_done", "games", "seed", "created_at", "updated_at")
    list_filter = ("status", "deck__game")
    search_fields = ("deck__name", "error")
    raw_id_fields = ("deck",)
    readonly_fields = ("created_at", "started_at", "finished_at", "updated_at")
    inlines = (SimulationChunkInline,)


@admin.register(ImportJob)
class ImportJobAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "source",
        "status",
        "done",
        "total",
        "added",
        "updated",
        "unchanged",
        "created_at",
    )
    list_filter = ("game", "source", "status")
    readonly_fields = ("created_at", "started_at", "finished_at", "updated_at")


@admin.register(WorkerPing)
class WorkerPingAdmin(admin.ModelAdmin):
    list_display = ("token", "hostname", "created_at")
    search_fields = ("hostname", "token")
