"""Whatever a record holds, a parser reports it as read or rejected; it never raises (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.importers import parse_community_json, parse_detail_pages, parse_official, parse_project_json

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def records(keys):
    # Records that use the real keys (so parsing gets past the first check) with any values at all.
    return st.lists(
        st.dictionaries(st.sampled_from(keys), json_values, max_size=len(keys)) | json_values, max_size=4
    )


FFTCG_KEYS = ["code", "Code", "element", "Element", "cost", "power", "name_en", "name", "type_en", "type",
              "job_en", "text_en", "category_1", "multicard", "ex_burst", "set", "images"]  # fmt: skip
DBS_KEYS = ["cardid", "type", "color", "rarity", "detail"]
PROJECT_KEYS = ["card_no", "type", "name", "name_en", "attribute", "attributes", "rank", "hp", "atk", "race",
                "cost", "power", "support_power", "has_flame", "icons", "text", "gender", "set"]  # fmt: skip


def accounted_for(result, n):
    return len(result.cards) + len(result.rejected) == n


@settings(max_examples=150, deadline=None)
@given(records(FFTCG_KEYS), st.sampled_from(["en", "ja"]))
def test_fftcg_records_never_raise(rows, lang):
    assert accounted_for(parse_official(rows, lang), len(rows))


@settings(max_examples=150, deadline=None)
@given(records(DBS_KEYS))
def test_dbsfw_community_records_never_raise(rows):
    assert accounted_for(parse_community_json([("f.json", r) for r in rows]), len(rows))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["ZZ01-001", "ZZ01-001_p1", ""]), st.text(max_size=200)), max_size=3)
)
def test_dbsfw_pages_never_raise(pages):
    assert accounted_for(parse_detail_pages(pages), len(pages))


@settings(max_examples=150, deadline=None)
@given(records(PROJECT_KEYS), st.sampled_from(["gbf", "fireforce"]), st.sampled_from(["en", "ja"]))
def test_project_records_never_raise(rows, game, lang):
    assert accounted_for(parse_project_json(rows, game, lang), len(rows))
