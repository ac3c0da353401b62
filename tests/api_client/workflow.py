"""A client developer's whole workflow, written against the client that openapi-python-client generates
from /api/v1/openapi.json as the package `tcg_client` (issue 39).

tests/test_api_client.py generates the client, type-checks this script against it with `mypy --strict`
(so a shape the schema gets wrong, or loses, is a type error here), then runs it against a live server
with a worker: `python workflow.py BASE_URL API_KEY`. It prints what it saw as JSON for the test to check,
and stops with a message at the first answer of an unexpected type.
"""

from __future__ import annotations

import json
import sys
import time

from tcg_client import AuthenticatedClient, Client
from tcg_client.api.decks import (
    check_legality,
    create_deck,
    delete_deck,
    export_deck_file,
    export_deck_text,
    fork_deck,
    get_deck,
    import_decklist,
    list_decks,
    update_deck,
)
from tcg_client.api.goldfish import get_run, list_runs, start_run
from tcg_client.api.statistics import compute_probabilities
from tcg_client.api.versions import diff_versions, list_versions, restore_version, start_comparison
from tcg_client.models import (
    CompareIn,
    CompareOut,
    DeckEditOut,
    DeckFileOut,
    DeckIn,
    DeckOut,
    DeckPage,
    DeckPatch,
    DeckPatchSectionsType0,
    DeletedOut,
    DiffOut,
    EntryIn,
    Error,
    Game,
    Going,
    GoldfishResultOut,
    GroupIn,
    ImportIn,
    ImportOut,
    PlayOrders,
    ReportOut,
    RunIn,
    RunOut,
    RunPage,
    RunResultOut,
    RunStatus,
    StatsOut,
    StatsQuery,
    VersionOut,
    VersionPage,
    Visibility,
)

RUN_DEADLINE_SECONDS = 600  # a simulator compiled on first use takes minutes on a busy machine


def expect[T](answer: object, kind: type[T]) -> T:
    """The answer as the type the call should give, or stop: an Error, None or another model is a failure."""
    if not isinstance(answer, kind):
        raise SystemExit(f"expected {kind.__name__}, got {answer!r}")
    return answer


def workflow(base_url: str, key: str) -> dict[str, object]:
    anyone = Client(base_url=base_url, raise_on_unexpected_status=True)
    me = AuthenticatedClient(base_url=base_url, token=key, raise_on_unexpected_status=True)

    # A public sample deck anyone may read, and its list as players paste it.
    sample = expect(list_decks.sync(client=anyone, game=Game.FFTCG), DeckPage).items[0]
    pasted = expect(export_deck_text.sync(sample.deck, client=anyone), str)

    # Create a deck, import the pasted list into it, then set its cards: the list less its first card.
    new = DeckIn(game=sample.game, name="Client deck", visibility=Visibility.UNLISTED)
    deck = expect(create_deck.sync(client=me, body=new), DeckOut).deck
    body = ImportIn(text=pasted, new_version=True)
    imported = expect(import_decklist.sync(deck, client=me, body=body), ImportOut)
    held = imported.sections.additional_properties
    dropped = held["main"][0]
    fewer = DeckPatchSectionsType0()
    fewer.additional_properties = {
        section: [EntryIn(card=e.card, count=e.count) for e in entries if e is not dropped]
        for section, entries in held.items()
    }
    edited = expect(
        update_deck.sync(
            deck, client=me, body=DeckPatch(sections=fewer, new_version=True), if_match=imported.etag
        ),
        DeckEditOut,
    )

    # Legality and odds, as anyone may read them for an unlisted deck.
    report = expect(check_legality.sync(deck, client=anyone), ReportOut)
    odds = expect(
        compute_probabilities.sync(
            deck, client=anyone, body=StatsQuery(groups=[GroupIn(cards=[held["main"][1].card])], turns=3)
        ),
        StatsOut,
    )

    # A goldfish run, polled until it is done.
    run = expect(
        start_run.sync(deck, client=me, body=RunIn(games_per_order=200, goings=[Going.FIRST], seed=7)), RunOut
    )
    deadline = time.monotonic() + RUN_DEADLINE_SECONDS
    while run.status in (RunStatus.QUEUED, RunStatus.RUNNING):
        if time.monotonic() > deadline:
            raise SystemExit(f"run {run.run} not done after {RUN_DEADLINE_SECONDS} s: {run.waiting}")
        time.sleep(0.5)
        run = expect(get_run.sync(deck, run.run, client=anyone), RunOut)
    result = expect(expect(run.result, RunResultOut).first, GoldfishResultOut)
    listed_runs = expect(list_runs.sync(deck, client=anyone), RunPage)

    # Versions: the history, the last edit's diff, the import restored.
    versions = expect(list_versions.sync(deck, client=anyone), VersionPage)
    diff = expect(diff_versions.sync(deck, client=anyone, before=2, after=3), DiffOut)
    restored = expect(restore_version.sync(deck, 2, client=me), VersionOut)

    # Compare the restored list with the edited one (version 3): starts both runs.
    comparison = expect(
        start_comparison.sync(
            deck, client=me, body=CompareIn(b="v3", games_per_order=100, order=PlayOrders.FIRST)
        ),
        CompareOut,
    )

    # Export the deck file, fork the sample, delete the deck.
    deck_file = expect(export_deck_file.sync(deck, client=anyone), DeckFileOut)
    fork = expect(fork_deck.sync(sample.deck, client=me), DeckOut)
    deleted = expect(delete_deck.sync(deck, client=me), DeletedOut)
    gone = expect(get_deck.sync(deck, client=anyone), Error)

    return {
        "sample": sample.deck,
        "imported_version": imported.version,
        "import_problems": len(imported.problems),
        "edited": [edited.version, edited.new_version, edited.folded],
        "legal": report.legal,
        "odds_turns": [p.turn for p in odds.probabilities],
        "run": [run.status.value, run.games_total, run.games_done, result.games, run.started_by.user],
        "runs_listed": listed_runs.count,
        "versions": [v.version for v in versions.items],
        "diff": [(c.card, c.before, c.after) for c in diff.changes],
        "dropped": dropped.card,
        "restored": [restored.version, restored.restored_from],
        "compared": [comparison.a.version, comparison.b.version],
        "file_sections": {s: len(e) for s, e in deck_file.sections.additional_properties.items()},
        "forked_from": fork.forked_from,
        "deleted": deleted.deck,
        "gone": gone.detail,
    }


if __name__ == "__main__":
    print(json.dumps(workflow(sys.argv[1], sys.argv[2])))
