"""FFTCG's Japanese wording (engine/readers/fftcg.py): each shape the English reader plays, read into the
same effects, and a deck printed in Japanese played game for game as its English twin, whose games
engine/tests/test_fftcg_effects.py works out by hand. The wording follows the Japanese rules (seed
000_d4c65514e7479192.txt): 「[このカード]がフィールドに出たとき」 (11.8.16.2.1),
「プレイヤーにN点のダメージを与える」, 「カード1枚をサーチする」 (15.1.1.8), 「アクティブにする」
(15.1.1.1), 「3コスト以上のフォワード」, and the cards' 「場に出た時」; digits and colons full width or half
width."""

from __future__ import annotations

import pytest

from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM, deck_with

# English and Japanese wordings of one ability (NAME: the card's own name).
TWINS = [
    ("When NAME enters the field, draw 1 card.", "NAMEがフィールドに出たとき、カードを１枚引く。"),
    ("When NAME attacks, draw 1 card.", "NAMEがアタックしたとき、カードを1枚引く。"),
    (
        "When NAME enters the field, draw 2 cards, then discard 1 card from your hand.",
        "NAMEが場に出た時、カードを2枚引き、手札を1枚捨てる。",
    ),
    (
        "When NAME enters the field, your opponent receives 1 point of damage.",
        "NAMEが場に出た時、対戦相手に1点のダメージを与える。",
    ),
    (
        "When NAME enters the field, you may search for 1 Fire Forward of cost 2 or less and add it to your "
        "hand.",
        "NAMEが場に出た時、火属性の2コスト以下のフォワード1枚をサーチし、手札に加えてもよい。",
    ),
    (
        "When NAME enters the field, you may search for 1 Forward of cost 5 or more and add it to your hand.",
        "NAMEが場に出た時、5コスト以上のフォワード1枚をサーチし、手札に加えてもよい。",
    ),
    (
        "When NAME enters the field, you may search for 1 Forward of cost 2 and add it to your hand.",
        "NAMEが場に出た時、コスト2のフォワード1枚をサーチし、手札に加えてもよい。",
    ),
    (
        "When NAME enters the field, you may search for up to 2 Summons and add them to your hand.",
        "NAMEが場に出た時、召喚獣を2枚までサーチし、手札に加えてもよい。",
    ),
    (
        "When NAME enters the field, you may search for 1 Fire Character and add it to your hand.",
        "NAMEが場に出た時、火属性のキャラクター1枚をサーチし、手札に加えてもよい。",
    ),
    (
        "When NAME enters the field, you may play 1 Forward of cost 2 or less from your hand onto the field.",
        "NAMEがフィールドに出たとき、手札からコスト２以下のフォワードを1体フィールドに出してもよい。",
    ),
    ("Forwards you control gain Haste.", "あなたがコントロールするフォワードはヘイストを得る。"),
    (
        "When NAME enters the field, choose 1 Forward you control. It gains Haste until the end of the turn.",
        "NAMEが場に出た時、あなたがコントロールするフォワードを1体選ぶ。ターン終了時まで、それはヘイストを得る。",
    ),
    (
        "When NAME attacks, choose 1 Fire Forward. Until the end of the turn, it gains Haste.",
        "NAMEがアタックした時、火属性のフォワードを1体選ぶ。それはターン終了時までヘイストを得る。",
    ),
    (
        "Whirl 《S》: NAME gains Haste until the end of the turn.",
        "旋風《S》：NAMEはターン終了時までヘイストを得る。",
    ),
    ("The cost required to cast NAME is reduced by 1.", "NAMEをキャストするためのコストは１少なくなる。"),
    (
        "The cost required to cast NAME is reduced by 1 (it cannot become 0).",
        "NAMEをキャストするためのコストは1少なくなる（0にはならない）。",
    ),
    (
        "If you control 2 or more Forwards, the cost required to cast NAME is reduced by 2.",
        "あなたがフォワードを2体以上コントロールしている場合、NAMEをキャストするためのコストは2少なくなる。",
    ),
    (
        "The cost required to cast NAME is reduced by 1 for each Forward you control.",
        "あなたがコントロールするフォワード1体につき、NAMEをキャストするためのコストは1少なくなる。",
    ),
]


@pytest.mark.parametrize(("english", "japanese"), TWINS)
def test_each_japanese_wording_reads_as_its_english_twin(english, japanese) -> None:
    en = read_text("fftcg", english.replace("NAME", "Mira"), "Mira")
    ja = read_text("fftcg", japanese.replace("NAME", "ミラ"), "ミラ")
    assert en.unread == ja.unread == ()
    assert ja.effects == en.effects


@pytest.mark.parametrize(("english", "japanese"), TWINS)
@pytest.mark.parametrize("going", ["first", "second"])
def test_a_japanese_deck_plays_its_english_twins_games(english, japanese, going) -> None:
    # The same cards, seeds and params: the logs match event for event, to the last game state.
    params = SIM.params(going=going, max_turns=6)
    for seed in range(3):
        en, ja = (SIM.play_logged(deck_with(text), params, seed, 0) for text in (english, japanese))
        assert [(e.phase, e.text) for e in ja.events] == [(e.phase, e.text) for e in en.events]
        assert ja.final == en.final


# Each holds more than the effects would say, or names what the filter cannot: read, it would play a card
# wrongly, so the whole sentence stays unread.
MISREADS = [
    "ネモが場に出た時、カード1枚をサーチし、手札に加える。",  # any card: no filter says it (nor in English)
    "ネモが場に出た時、「ネモ」1枚をサーチし、フィールドに出す。",  # onto the field, not into the hand
    "ネモが場に出た時、フォワードを1体選ぶ。それをアクティブにする。",  # any Forward, maybe the opponent's
    "ネモが場に出た時、あなたがコントロールするキャラクターを2体まで選ぶ。それらをアクティブにする。",
    "ネモが場に出た時、あなたがコントロールするバックアップを2体まで選ぶ。それらをアクティブにする。カードを1枚捨てる。",
    "ネモが場に出た時、手札から2コスト以下のバックアップ1体を場にダル状態で出してもよい。",
    "ネモが場に出た時、手札から「ガロ」1体を場に出してもよい。",  # by name: the play filter is type and cost
    "ネモが他のフォワードがフィールドに出たとき、カードを1枚引く。",
    # a turn limit
    "ネモがアタックした時、相手に1点のダメージを与える。この効果は1ターンに1度しか発動しない。",
    "ネモがフィールドに出たとき、あなたがバックアップを5体以上コントロールしている場合、カードを1枚引く。",
    "《ダル》：好きな属性のCPを2つ生み出す。",
    "ダメージ3 -- ネモはヘイストを得る。",  # only once that much damage is received
    # Brave for the turn too, which the simulator would have to play (it keeps the attacker active)
    "ネモが場に出た時、フォワードを1体選ぶ。ターン終了時まで、それはヘイストとブレイブを得る。",
]


@pytest.mark.parametrize("text", MISREADS)
def test_what_the_japanese_reader_cannot_read_whole_stays_unread(text) -> None:
    reading = read_text("fftcg", text, "ネモ")
    assert reading.effects == () and reading.unread == (text,)
