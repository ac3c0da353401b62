"""FFTCG's "If you have a Job Shijin in your Break Zone, the cost required to cast Genbu can be paid with CP
of any Element." (`pay-any` with an `if` `in-break-zone-at-least`, docs/deck-file.md), read and played: the
cost is fixed when the card is cast (11.4.6), so the element requirement is lifted once such a card is in
the Break Zone, the prices made again after each card enters. Worked by hand in stacked games."""

from __future__ import annotations

import pytest

from engine.effects import CardFilter, Condition, Effect
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_goldfish_fftcg import SIM, card, deck_of

NEVER = {"mulligan_rule": "never"}
ANY = (
    "If you have a Job Shijin in your Break Zone, the cost required to cast Genbu can be paid with CP of any"
    " Element."
)


def test_the_reader_reads_the_sentence_and_leaves_its_neighbours() -> None:
    shijin = Condition("in-break-zone-at-least", 1, CardFilter(traits=("Shijin",)))
    assert read_text("fftcg", ANY, "Genbu").effects == (Effect("static", "pay-any", condition=shijin),)
    for text in (
        ANY.replace("Genbu can", "Suzaku can"),  # another card
        ANY.replace("a Job Shijin", "2 Job Shijin"),
        ANY.replace("Job Shijin", "Job Shijin or Card Name Kirin"),
        ANY.replace("Break Zone", "hand"),
    ):
        assert read_text("fftcg", text, "Genbu").effects == (), text


@pytest.mark.parametrize(("text", "casts"), [(ANY, 2), ("", 1)])
@pytest.mark.parametrize("going", ["first", "second"])
def test_the_cost_is_paid_with_any_element_once_a_shijin_is_in_the_break_zone(going, text, casts) -> None:
    """Hand: Red (a Lightning Forward of cost 2), Kirin (a Lightning Summon, Job Shijin), Genbu (a Water
    Forward of cost 4, Job Shijin) and 2 Fire Summons, 1 more drawn going first, 2 going second. Red needs
    a Lightning CP: Kirin discarded (2 CP, 5.2.1.3), the only way. Kirin, a Shijin, is then in the Break
    Zone: Genbu is paid with 2 Fire Summons (4 CP of any element). Without the text Genbu needs a Water CP,
    and no other Water card is in the hand: Red alone."""
    red = card("R-001", name="Red", colors=("lightning",), keywords=())
    kirin = card("K-001", name="Kirin", type="summon", colors=("lightning",), keywords=(), traits=("Shijin",))
    genbu = card("G-001", name="Genbu", colors=("water",), cost=4, keywords=(), traits=("Shijin",), text=text)
    fira = card("S-001", name="Fira", type="summon")
    deck = deck_of([(red, 1), (kirin, 1), (genbu, 1), (fira, 47)])
    order = ["R-001", "K-001", "G-001"] + ["S-001"] * 47
    log = SIM.play_stacked(deck, SIM.params(going=going, policy=NEVER, max_turns=1), order)
    cast = [e.text for e in log.events if e.text.startswith("cast")]
    assert (
        cast
        == [
            "cast Red (R-001) for 2 CP by discarding Kirin (K-001)",
            "cast Genbu (G-001) for 4 CP by discarding Fira (S-001), Fira (S-001)",
        ][:casts]
    )


def test_the_text_is_played() -> None:
    genbu = card("G-001", name="Genbu", colors=("water",), cost=4, keywords=(), traits=("Shijin",), text=ANY)
    assert [p.status for p in card_parts("fftcg", genbu, {})] == ["played"]
