from django.urls import path

from decks.accounts import tokens
from decks.accounts import views as accounts
from decks.builder import advice, board, compare, editor, gamelog, history, library
from decks.cards import collection
from decks.cards import views as cards
from decks.goldfish import tune_views
from decks.goldfish import views as goldfish
from decks.maintenance import card_views, effects_views, import_views
from decks.web import views

app_name = "decks"

urlpatterns = [
    path("", views.home, name="home"),
    path("worker-check", views.worker_check, name="worker-check"),
    path("imports/", import_views.imports, name="imports"),
    path("maintain/<str:game_id>/", card_views.card_list, name="maintain-cards"),
    path("maintain/<str:game_id>/new/", card_views.card_edit, name="maintain-new"),
    path("maintain/<str:game_id>/<str:number>/", card_views.card_edit, name="maintain-card"),
    path("maintain/<str:game_id>/<str:number>/effects/", effects_views.card_effects, name="maintain-effects"),
    path("cards/<str:game_id>/", cards.card_browser, name="cards"),
    path("cards/<str:game_id>/<str:number>/", cards.card_detail, name="card"),
    path("cards/<str:game_id>/<str:number>/face", cards.card_face, name="card-face"),
    path("cards/<str:game_id>/<str:number>/owned", collection.owned_count, name="card-owned"),
    path("collection/<str:game_id>/", collection.my_collection, name="collection"),
    path("collection/<str:game_id>/collection.csv", collection.collection_export, name="collection-export"),
    path("decks/new/<str:game_id>/", editor.new_deck, name="deck-new"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login, name="login"),
    path("accounts/logout/", accounts.logout, name="logout"),
    path("accounts/api-keys/", tokens.api_tokens, name="api-tokens"),
    path("accounts/api-keys/<int:token_id>/revoke", tokens.revoke_token, name="api-token-revoke"),
    path("decks/mine/", library.my_decks, name="my-decks"),
    path("decks/public/", library.public_deck_list, name="public-decks"),
    path("decks/search/", library.card_search, name="deck-search"),
    path("d/<str:share_id>/settings", library.deck_settings, name="deck-settings"),
    path("d/<str:share_id>/favourite", library.favourite, name="deck-favourite"),
    path("d/<str:share_id>/fork", library.fork, name="deck-fork"),
    path("d/<str:share_id>/delete", library.delete, name="deck-delete"),
    path("d/<str:share_id>/undelete", library.undelete, name="deck-undelete"),
    path("d/<str:share_id>/duplicate", library.duplicate, name="deck-duplicate"),
    path("d/<str:share_id>/", editor.deck_page, name="deck"),
    path("d/<str:share_id>/cards", editor.deck_cards, name="deck-cards"),
    path("d/<str:share_id>/count", editor.deck_count, name="deck-count"),
    path("d/<str:share_id>/format", editor.deck_format, name="deck-format"),
    path("d/<str:share_id>/stats", editor.deck_stats, name="deck-stats"),
    path("d/<str:share_id>/hand", editor.deck_hand, name="deck-hand"),
    path("d/<str:share_id>/mulligan", advice.keep_or_mulligan, name="deck-mulligan"),
    path("d/<str:share_id>/import", editor.deck_import, name="deck-import"),
    path("d/<str:share_id>/export/", editor.deck_export, name="deck-export"),
    path("d/<str:share_id>/visual/", editor.deck_visual, name="deck-visual"),
    path("d/<str:share_id>/board/", board.playtest, name="deck-board"),
    path("d/<str:share_id>/history/", history.deck_history, name="deck-history"),
    path("d/<str:share_id>/compare/", compare.compare_decks, name="deck-compare"),
    path("d/<str:share_id>/games/", gamelog.game_log, name="game-log"),
    path("d/<str:share_id>/games/<int:played_id>/", gamelog.edit_game, name="game-edit"),
    path("d/<str:share_id>/games/<int:played_id>/delete", gamelog.delete_game, name="game-delete"),
    path("d/<str:share_id>/games/import", gamelog.import_log, name="game-log-import"),
    path("d/<str:share_id>/games/shown", gamelog.show_record, name="game-log-shown"),
    path("d/<str:share_id>/games.csv", gamelog.export_log, name="game-log-export"),
    path("d/<str:share_id>/v/<int:version>/", history.deck_version, name="deck-version"),
    path("d/<str:share_id>/v/<int:version>/restore", history.restore_version, name="deck-version-restore"),
    path("d/<str:share_id>/export.txt", editor.deck_export_text, name="deck-export-text"),
    path("d/<str:share_id>/owned", collection.deck_owned, name="deck-owned"),
    path("d/<str:share_id>/missing.txt", collection.deck_missing_text, name="deck-missing-text"),
    path("d/<str:share_id>/deck.json", editor.deck_file, name="deck-file"),
    path("d/<str:share_id>/picture.png", editor.deck_picture, name="deck-picture"),
    path("d/<str:share_id>/sheet.pdf", editor.deck_sheet, name="deck-sheet"),
    path("d/<str:share_id>/goldfish/", goldfish.goldfish, name="goldfish"),
    path("d/<str:share_id>/goldfish/<int:run_id>/", goldfish.goldfish_run, name="goldfish-run"),
    path(
        "d/<str:share_id>/goldfish/<int:run_id>/delete",
        goldfish.goldfish_delete,
        name="goldfish-delete",
    ),
    path(
        "d/<str:share_id>/goldfish/<int:run_id>/cancel",
        goldfish.goldfish_cancel,
        name="goldfish-cancel",
    ),
    path("d/<str:share_id>/goldfish/<int:run_id>/again", goldfish.goldfish_again, name="goldfish-again"),
    path("d/<str:share_id>/goldfish/<int:run_id>/game", goldfish.goldfish_game, name="goldfish-game"),
    path("d/<str:share_id>/tune/", tune_views.tune_deck, name="tune"),
    path("d/<str:share_id>/tune/<int:tuning_id>/", tune_views.tune_run, name="tune-run"),
    path("d/<str:share_id>/tune/<int:tuning_id>/cancel", tune_views.tune_cancel, name="tune-cancel"),
]
