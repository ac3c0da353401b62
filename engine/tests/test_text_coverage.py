"""The measure of a card list's text (engine/text_coverage.py): each card played, moot or not played as
the goldfish's text report says, and the unread sentences counted by shape."""

from engine.cards import Card
from engine.text_coverage import Shaper, measure


def forward(number: str, name: str, text: str = "", traits: tuple[str, ...] = ()) -> Card:
    return Card(number=number, name=name, type="forward", colors=("fire",), cost=3, power=7000, text=text,
                traits=traits)  # fmt: skip


# a choice that must take your own Forward, dulls it and keeps it dull a turn more (an attack lost, even the
# card's own): neither read nor moot (engine/played_text/fftcg.py)
OWN_DAMAGE = "When {name} enters the field, choose {n} Forward. Dull it and Freeze it."
CARDS = [
    forward("1-001H", "Ember Page"),  # no text: played
    forward("1-002R", "Ash Scout", "When Ash Scout enters the field, draw 1 card."),  # read and played
    forward("1-003C", "Cinder Guard", "Choose 1 Forward opponent controls. Deal it 5000 damage."),  # moot
    forward("1-004C", "Mist Page", OWN_DAMAGE.format(n=1, name="Mist Page")),
    forward(
        "1-005C",
        "Soot Imp",
        "When Soot Imp enters the field, draw 1 card.\n" + OWN_DAMAGE.format(n=2, name="Soot Imp"),
    ),
]


def test_each_card_is_played_moot_or_not_played_and_the_unread_shapes_are_counted():
    coverage = measure("fftcg", CARDS, {})
    assert (coverage.cards, coverage.played, coverage.moot, coverage.not_played) == (5, 2, 1, 2)
    assert coverage.share(coverage.played + coverage.moot) == 0.6
    shape = "When NAME enters the field, choose N Forward. Dull it and Freeze it."
    assert coverage.most_common(30) == [(shape, 2, OWN_DAMAGE.format(n=1, name="Mist Page"))]
    assert coverage.to_dict(30)["unread_shapes"] == [
        {"shape": shape, "count": 2, "example": OWN_DAMAGE.format(n=1, name="Mist Page")}
    ]


def test_with_card_effects_off_the_read_text_is_not_played_either():
    coverage = measure("fftcg", CARDS, {"card_effects": False})
    assert (coverage.played, coverage.moot, coverage.not_played) == (1, 1, 3)
    assert ("When NAME enters the field, draw N card.", 2) in [(s, n) for s, n, _ in coverage.most_common(30)]


def test_a_shape_replaces_numbers_names_traits_and_elements():
    shaper = Shaper.for_cards(
        [forward("1-001H", "Cloud", traits=("SOLDIER", "VII")), forward("1-002H", "Cloud of Darkness")]
    )
    assert shaper.shape(
        "When Cloud of Darkness enters the field, search for 1 Card Name Cloud or Job SOLDIER."
    ) == ("When NAME enters the field, search for N Card Name NAME or Job TRAIT.")
    assert shaper.shape("《Fire》《1》《Dull》: Choose 1 Forward. Deal it 5000 damage.") == (
        "《ELEMENT》《N》《Dull》: Choose N Forward. Deal it N damage."
    )
    assert shaper.shape("If you control 3 or more Water Backups, it gains +2000 power.") == (
        "If you control N or more ELEMENT Backups, it gains +N power."
    )
    assert shaper.shape("[On Play] Play up to 1 <Son Goku : GT> with 《Saiyan》 in its special traits.") == (
        "[On Play] Play up to N <NAME> with 《TRAIT》 in its special traits."
    )
    assert shaper.shape(
        "自分のデッキの上から5枚を見て、特徴《サイヤ人》を持つ「孫悟空」1枚までを公開する。"
    ) == ("自分のデッキの上からN枚を見て、特徴《TRAIT》を持つ「NAME」N枚までを公開する。")
