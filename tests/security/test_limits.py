"""Limits on a record's shape (rules_engine.limits): what no table can produce is refused at
once, naming the field and the limit — by the engine (InvalidRecord, exit 2), the API (400 or
413), the command line (exit 2), an import and a form (the field's message) — while the
mistakes a table does make still reach their rule (S8, K10)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

import rules_engine
from rules_engine import limits
from rules_engine.cards import parse_cards
from rules_engine.cli import main
from rules_engine.errors import InvalidRecord
from rules_engine.schieber.contracts import schieber_options
from rules_engine.schieber.weis import check_declaration, read_weis
from rules_engine.seats import Seat

SUITS = "HCDS"
DECK = [s + r for s in SUITS for r in "6789TJQKA"]
RUN = ["H6", "H7", "H8"]


def schieber_deal(**fields: Any) -> dict[str, Any]:
    return {"game": "schieber", "forehand": 1, "contract": "H", "points": {"team": 1, "value": 98}, **fields}


def klammern_position(hand: list[str]) -> dict[str, Any]:
    return {"game": "klammern", "trump": "S", "hand": hand, "trick": []}


def refused(call: Any, *args: Any) -> limits.RecordTooLarge:
    with pytest.raises(limits.RecordTooLarge) as raised:
        call(*args)
    return raised.value


# --- the engine ------------------------------------------------------------------------------


def test_a_thousand_weis_for_one_seat_is_refused_naming_field_and_limit() -> None:
    """Finding 1: a seat's Weis were compared pairwise, with no bound on their number."""
    error = refused(rules_engine.score_deal, schieber_deal(weis={"1": [RUN] * 1000}))
    assert isinstance(error, InvalidRecord)
    assert str(error).startswith("deal.weis.1: at most 10 Weis per seat")
    assert "not 1000" in str(error) and error.limit == 10 and error.count == 1000


def test_the_limit_leaves_a_tables_own_mistakes_to_the_rules() -> None:
    """Ten Weis for one seat (each declared twice) and a tenth card are judged, not refused."""
    twice = [["H6", "H7", "H8"], ["C6", "C7", "C8"], ["D6", "D7", "D8"], ["SJ", "HJ", "CJ", "DJ"]] * 2
    answer = rules_engine.score_deal(schieber_deal(weis={"1": twice}))
    assert answer["valid"] is False
    assert {e["rule"] for e in answer["errors"]} >= {"S6.3"}
    hands = {str(n): DECK[9 * (n - 1) : 9 * n] for n in range(1, 5)}
    hands["1"] = [*hands["1"], "S6"]  # a misdeal: ten cards (S8), one of them twice
    answer = rules_engine.score_deal(schieber_deal(hands=hands))
    assert answer["valid"] is False


def test_a_klammern_hand_longer_than_the_deck_is_refused_before_it_is_read() -> None:
    """Finding 1: /api/v1/legal with a 300,000-card Klammern hand took seconds."""
    hand = ["HA"] * 300_000
    started = time.process_time()
    error = refused(rules_engine.legal_cards, klammern_position(hand))
    assert time.process_time() - started < 0.5  # one len(): not a timing goal, a sanity bound
    assert str(error) == "position.hand: at most 32 cards in a hand (the whole deck), not 300000"
    # Nine cards (one too many, K10) are still the rule's to judge.
    nine = ["HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7", "SA"]
    answer = rules_engine.legal_cards(klammern_position(nine))
    assert answer["valid"] is False and answer["errors"][0]["code"] == "hand_size"


@pytest.mark.parametrize(
    ("record", "where", "limit"),
    [
        (schieber_deal(hands={"1": DECK + ["H6"]}), "deal.hands.1", 36),
        (schieber_deal(weis={"2": [DECK[:10]]}), "deal.weis.2[0]", 9),
        ({**schieber_deal(), "points": None, "tricks": [["H6"]] * 73}, "deal.tricks", 72),
        ({**schieber_deal(), "points": None, "tricks": [DECK[:4]] * 18 + [["H6"]]}, "deal.tricks", 72),
        ({**schieber_deal(), "points": None, "tricks": [DECK + ["H6"]]}, "deal.tricks[0]", 36),
        (
            {"game": "klammern", "declarer": 1, "trump": "S", "melds": {"1": [RUN[1:] + ["H9"]] * 5}},
            "deal.melds.1",
            4,
        ),
    ],
)
def test_every_bounded_field_names_itself_and_its_limit(
    record: dict[str, Any], where: str, limit: int
) -> None:
    error = refused(rules_engine.score_deal, record)
    assert error.where == where and error.limit == limit
    assert str(error).startswith(f"{where}: at most {limit} ")


def test_a_match_has_at_most_max_deals_deals() -> None:
    deal = {"forehand": 1, "contract": "H", "points": {"team": 1, "value": 0}}
    record = {"game": "schieber", "target": 10**9, "deals": [deal] * (limits.MAX_DEALS + 1)}
    error = refused(rules_engine.score_match, record)
    assert (
        str(error)
        == f"match.deals: at most {limits.MAX_DEALS} deals in a match (five long evenings of play), not {limits.MAX_DEALS + 1}"
    )
    record["deals"] = [deal] * limits.MAX_DEALS
    assert rules_engine.score_match(record)["valid"] is True
    inner = {"game": "schieber", "deals": [{**deal, "weis": {"1": [RUN] * 11}}]}
    assert refused(rules_engine.score_match, inner).where == "deals[0].weis.1"


def test_text_and_nesting_limits() -> None:
    assert refused(limits.check_text, limits.MAX_RECORD_BYTES + 1).limit == limits.MAX_RECORD_BYTES
    limits.check_text(limits.MAX_RECORD_BYTES)
    deep: Any = "H6"
    for _ in range(limits.MAX_DEPTH):
        deep = [deep]
    limits.check_depth(deep)
    error = refused(limits.check_depth, [deep])
    assert error.limit == limits.MAX_DEPTH and "levels of nested lists and objects" in str(error)
    # The deepest real record is within the limit.
    match = {"game": "schieber", "deals": [schieber_deal(weis={"1": [RUN]})]}
    limits.check_depth(match)


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


#: Text that would fool a bracket counter: brackets, quotes and backslashes inside strings.
_TRICKY = st.text(alphabet='[]{}"\\ab\u00e9\u4e2d', max_size=6)
_JSON = st.recursive(
    st.none() | st.integers() | _TRICKY,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TRICKY, inner, max_size=3),
    max_leaves=12,
)


@given(_JSON, st.booleans())
def test_the_depth_read_on_the_text_is_the_depth_of_what_it_parses_to(value: Any, ascii_only: bool) -> None:
    """The API reads a body's depth on its bytes before parsing it: strings holding brackets,
    quotes, escapes or characters of several bytes do not count."""
    text = json.dumps(value, ensure_ascii=ascii_only)
    for limit in (1, 3, 5):
        for given_as in (text, text.encode()):
            if _depth(value) > limit:
                assert refused(limits.check_json_depth, given_as, "x", limit).limit == limit
            else:
                limits.check_json_depth(given_as, "x", limit)


def test_declaration_check_is_linear_and_names_each_fault_once() -> None:
    """S6.3 through a card index: every repeat and every overlap is named, each once."""
    options = schieber_options()
    run = read_weis(parse_cards(RUN), options)
    longer = read_weis(parse_cards(["H6", "H7", "H8", "H9"]), options)
    other = read_weis(parse_cards(["C6", "C7", "C8"]), options)
    reasons = check_declaration(Seat(1), [run, other, run, longer], options)
    assert [(r.code, r.params.get("weis") or r.params["second"]) for r in reasons] == [
        ("weis_declared_twice", "H6 H7 H8"),
        ("card_in_two_weis", "H6 H7 H8 H9"),
    ]
    # A long declaration (far past any limit, called directly) is still answered at once.
    many = [run] * 50_000
    started = time.process_time()
    assert len(check_declaration(Seat(1), many, options)) == 49_999
    assert time.process_time() - started < 2  # quadratic took minutes; a sanity bound only


# --- the command line --------------------------------------------------------------------------


def test_the_command_line_refuses_a_record_too_large_with_exit_2() -> None:
    out, err = io.StringIO(), io.StringIO()
    record = json.dumps(schieber_deal(weis={"1": [RUN] * 11}))
    assert main(["deal"], stdin=io.StringIO(record), stdout=out, stderr=err) == 2
    assert err.getvalue().startswith("error: deal.weis.1: at most 10 Weis per seat") and out.getvalue() == ""
    huge = " " * (limits.MAX_RECORD_BYTES + 1) + "{}"
    err = io.StringIO()
    assert main(["deal"], stdin=io.StringIO(huge), stdout=io.StringIO(), stderr=err) == 2
    assert f"at most {limits.MAX_RECORD_BYTES} bytes" in err.getvalue()
    deep = "[" * 20 + "]" * 20
    err = io.StringIO()
    assert main(["deal"], stdin=io.StringIO(deep), stdout=io.StringIO(), stderr=err) == 2
    assert "levels of nested lists and objects" in err.getvalue()


def test_the_command_line_process_exits_2() -> None:
    record = json.dumps(klammern_position(["HA"] * 1000))
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", "legal"],
        input=record,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "position.hand: at most 32 cards" in done.stderr
    assert "Traceback" not in done.stderr


# --- the API -------------------------------------------------------------------------------------


def post(client: FlaskClient, path: str, body: Any) -> Any:
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(path, data=data, content_type="application/json")


def test_the_api_answers_400_naming_the_field(client: FlaskClient) -> None:
    response = post(client, "/api/v1/deal", schieber_deal(weis={"1": [RUN] * 1000}))
    assert response.status_code == 400
    assert response.get_json()["error"].startswith("deal.weis.1: at most 10 Weis per seat")
    # 1.8 MB: past the server's own body limit, refused before it is read.
    response = post(client, "/api/v1/legal", klammern_position(["HA"] * 300_000))
    assert response.status_code == 413 and response.get_json()["error"]
    response = post(client, "/api/v1/legal", klammern_position(["HA"] * 20_000))
    assert response.status_code == 400 and "at most" in response.get_json()["error"]
    response = post(client, "/api/v1/legal", klammern_position(["HA"] * 40))
    assert response.status_code == 400 and response.get_json()["error"].startswith(
        "position.hand: at most 32"
    )


def test_the_api_refuses_a_body_beyond_the_record_limit_before_reading_it(client: FlaskClient) -> None:
    body = json.dumps(schieber_deal()) + " " * limits.MAX_RECORD_BYTES
    response = post(client, "/api/v1/deal", body)
    assert response.status_code == 400
    assert f"at most {limits.MAX_RECORD_BYTES} bytes" in response.get_json()["error"]


def test_the_api_refuses_a_record_nested_too_deep(client: FlaskClient) -> None:
    body = {"game": "schieber", "options": {"a": [[[[[[[[[1]]]]]]]]]}}
    response = post(client, "/api/v1/deal", body)
    assert response.status_code == 400 and "levels of nested" in response.get_json()["error"]


def test_a_resumed_match_is_bounded_too() -> None:
    """The app scores a stored match incrementally (resume_match): the same limits apply."""
    deal = schieber_deal(weis={"1": [RUN] * 11})
    del deal["game"]
    error = refused(rules_engine.resume_match, {"game": "schieber", "deals": [deal]})
    assert error.where == "deals[0].weis.1"
    many = [{"forehand": 1, "contract": "H", "points": {"team": 1, "value": 0}}] * (limits.MAX_DEALS + 1)
    assert refused(rules_engine.resume_match, {"game": "schieber", "target": 10**9, "deals": many}).limit == (
        limits.MAX_DEALS
    )
