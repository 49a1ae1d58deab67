"""Screen 5, "Replay a deal": every card checked, the first wrong card with its rule, the score, K4.5."""

from __future__ import annotations

from typing import Any

import pytest

import rules_engine
from rules_engine.cards import Suit
from rules_engine.klammern.contracts import ranking
from rules_engine.schieber.contracts import Contract, schieber_options
from scorer.disputes.replay import replay_ruling
from scorer.games.ruling import Unreadable
from tests.helpers.disputes import deal_hands, klammern_revoke_record, play_out

pytestmark = pytest.mark.usefixtures("ctx")


def schieber_record(seed: int, contract: str = "H") -> dict[str, Any]:
    hands = deal_hands("schieber", seed)
    tricks = play_out("schieber", contract, hands, Contract.parse(contract).ranking(schieber_options()))
    return {
        "game": "schieber",
        "forehand": 1,
        "contract": contract,
        "hands": {str(s): h for s, h in hands.items()},
        "tricks": tricks,
    }


def test_legal_deal_is_scored() -> None:
    record = schieber_record(3)
    ruling = replay_ruling(record)
    assert ruling.ok is True
    score = rules_engine.score_deal(record)
    assert ruling.data["score"]["total"] == score["total"]
    assert sum(ruling.data["raw"]) == 157
    assert all(cell["ok"] for row in ruling.data["rows"] for cell in row["cards"])


def _first_swap(record: dict[str, Any]) -> tuple[int, int, str]:
    """Find the first card that some seat could have played wrongly, and play it there."""
    tricks = record["tricks"]
    for t, trick in enumerate(tricks):
        for i in range(1, 4):
            # The seat's remaining cards: what it plays from this trick on.
            position = [(t2, i2) for t2 in range(t, 9) for i2 in range(4)]
            rest = [tricks[t2][i2] for t2, i2 in position if _seat(record, t2, i2) == _seat(record, t, i)]
            answer = rules_engine.legal_cards(
                {"game": "schieber", "contract": record["contract"], "hand": rest, "trick": trick[:i]}
            )
            if answer["illegal"]:
                wrong = next(iter(answer["illegal"]))
                return t, i, wrong
    raise AssertionError("no position with an illegal card")


def _seat(record: dict[str, Any], t: int, i: int) -> int:
    from rules_engine.cards import Card
    from rules_engine.schieber.play import replay
    from rules_engine.seats import Seat

    tricks = [[Card.parse(c) for c in trick] for trick in record["tricks"]]
    done = replay(Contract.parse(record["contract"]), schieber_options(), Seat(1), tricks)
    return (done.leaders[t].number - 1 + i) % 4 + 1


def test_first_wrong_card_is_shown_with_its_rule() -> None:
    record = schieber_record(7)
    t, i, wrong = _first_swap(record)
    expected = rules_engine.legal_cards(
        {
            "game": "schieber",
            "contract": "H",
            "hand": [
                c
                for c in record["hands"][str(_seat(record, t, i))]
                if not any(c in tricks for tricks in record["tricks"][:t])
            ],
            "trick": record["tricks"][t][:i],
        }
    )["illegal"][wrong]["rule"]
    # Swap the legal card with the wrong one wherever the wrong one was played later.
    played = record["tricks"][t][i]
    for trick in record["tricks"]:
        for k, card in enumerate(trick):
            if card == wrong:
                trick[k] = played
    record["tricks"][t][i] = wrong
    ruling = replay_ruling(record)
    assert ruling.ok is False
    assert ruling.data["first"] == (t, i)
    assert ruling.rules[0] == expected
    assert wrong in ruling.verdict
    cell = ruling.data["rows"][t]["cards"][i]
    assert cell["ok"] is False and cell["reason"]["rule"] == expected
    # An invalid deal yields no score.
    assert ruling.data["score"]["valid"] is False


def test_partial_deal_is_checked_without_a_score() -> None:
    record = schieber_record(3)
    record["tricks"] = record["tricks"][:4]
    ruling = replay_ruling(record)
    assert ruling.ok is True and ruling.data["score"] is None
    assert len(ruling.data["rows"]) == 4


def test_unreadable_tricks() -> None:
    with pytest.raises(Unreadable):
        replay_ruling({"game": "schieber", "contract": "H", "tricks": [["H6", "H7", "H8"]]})
    with pytest.raises(Unreadable):
        replay_ruling({"game": "schieber", "contract": "H", "tricks": []})


def test_klammern_revoke_secured_variant() -> None:
    record = klammern_revoke_record()
    ruling = replay_ruling(record)
    assert ruling.ok is False
    assert ruling.rules[:2] == ["K4.2", "K4.5"]
    score = ruling.data["score"]
    # K4.5: at 0 : 0 the defenders had not secured the deal (Beet 82): the playing side wins it,
    # K7.1: 1 small point to team 1.
    assert score["revoke"]["kept"] is False
    assert score["declarer_wins"] is True
    assert score["small_points"] == [1, 0]
    assert any("not secured" in line for line in ruling.lines)


def test_klammern_revoke_clean_side_all_variant() -> None:
    record = klammern_revoke_record()
    record["options"] = {"revoke": "clean_side_all"}
    ruling = replay_ruling(record)
    assert ruling.data["score"]["declarer_wins"] is True
    assert any("clean_side_all" in line for line in ruling.lines)
    assert ("Revoke rule (K4.5)", "the clean side wins every point") in ruling.facts


def test_klammern_legal_deal() -> None:
    hands = deal_hands("klammern", 5)
    tricks = play_out("klammern", "S", hands, ranking(Suit.SPADES))
    record = {
        "game": "klammern",
        "players": 4,
        "format": "small_big",
        "forehand": 1,
        "trump": "S",
        "declarer": 1,
        "how": "orgi",
        "tricks": tricks,
    }
    ruling = replay_ruling(record)
    assert ruling.ok is True
    assert sum(ruling.data["score"]["card_points"]) == 164
    assert all(row["winner"] for row in ruling.data["rows"])
