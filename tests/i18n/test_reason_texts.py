"""Engine reasons become sentences in the reader's language (scorer.web.reason_texts).

The engine's codes are read from its source (every ``Reason(rule, code, template)``, every
call of an engine function that returns a ``Reason`` or ``Finding`` with a code and template,
every ``(rule, code, template)`` table row, every ``{code: template}`` table), for every game
(S, K, C, D, T rule ids), so an engine that grows a new code without a sentence here fails
this test instead of showing English.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from flask import Flask

import rules_engine
from scorer.web.reason_texts import CATALOG, sentence

ENGINE = Path(rules_engine.__file__).resolve().parent
RULE_ID = re.compile(r"^[SKTCD]\d+(\.\d+)*$")
CODE = re.compile(r"^[a-z]+(_[a-z0-9]+)*$")


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):  # "card_in_two_hands" if other != seat else "duplicate_card"
        return _strings(node.body) + _strings(node.orelse)
    return []


def _is_template(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return " " in node.value
    return isinstance(node, (ast.BinOp, ast.JoinedStr, ast.Name, ast.Subscript))


def _callee(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _makers(trees: list[ast.AST]) -> set[str]:
    """The engine's functions that return a new reason (``refuse``, ``_d8``, ``finding``)."""
    return {
        node.name
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and node.returns is not None
        and ast.unparse(node.returns) in ("Reason", "Finding")
    }


def engine_codes() -> dict[str, str]:
    """Every reason code the engine can give, with the file that gives it."""
    found: dict[str, str] = {}
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(ENGINE.rglob("*.py"))}
    makers = _makers(list(trees.values()))
    for path, tree in trees.items():
        for node in ast.walk(tree):
            rows: list[list[ast.expr]] = []
            if isinstance(node, ast.Call) and (
                _callee(node) in makers
                or _callee(node) == "Reason"
                or any(w in _callee(node).lower() for w in ("error", "reason"))
            ):
                rows.append(list(node.args))
            elif (
                isinstance(node, ast.Tuple)
                and node.elts
                and RULE_ID.match(next(iter(_strings(node.elts[0])), ""))
            ):
                rows.append(list(node.elts))
            elif (
                isinstance(node, ast.Dict)
                and node.values
                and all(
                    isinstance(v, ast.Constant) and isinstance(v.value, str) and "{" in v.value
                    for v in node.values
                )
            ):
                rows.extend([k, v] for k, v in zip(node.keys, node.values) if k is not None)
            for row in rows:
                for i, item in enumerate(row[:-1]):
                    codes = [s for s in _strings(item) if CODE.match(s) and not RULE_ID.match(s)]
                    if codes and any(_is_template(x) for x in row[i + 1 : i + 3]):
                        for code in codes:
                            found.setdefault(code, path.relative_to(ENGINE).as_posix())
                        break
    return found


@pytest.mark.slow
def test_every_engine_code_has_a_sentence(app: Flask) -> None:
    codes = engine_codes()
    assert len(codes) > 40, "the harvest found too few codes: check engine_codes()"
    sentences = app.extensions[CATALOG].sentences
    missing = {code: where for code, where in codes.items() if code not in {s.code for s in sentences}}
    assert not missing, (
        f"engine codes without a translatable sentence in scorer/web/reason_texts.py or a game's "
        f"texts.py: {missing}"
    )


def say(app: Flask, lang: str, error: dict[str, object]) -> str:
    with app.test_request_context(headers={"Accept-Language": lang.replace("_", "-")}):
        return sentence(error)


def test_a_real_engine_reason_in_every_language(app: Flask) -> None:
    answer = rules_engine.score_deal(
        {"game": "schieber", "contract": "H", "forehand": 1, "points": {"team": 1, "value": 156}}
    )
    assert answer["valid"] is False
    error = answer["errors"][0]
    assert error["rule"] == "S8" and error["code"] == "impossible_total"
    assert say(app, "en", error) == "No set of tricks is worth 156 in Rosen (the other team would have 1)."
    assert (
        say(app, "de_CH", error)
        == "Keine Menge von Stichen ist bei Rosen 156 wert (das andere Team hätte 1)."
    )
    assert (
        say(app, "fr_CH", error) == "Aucun ensemble de plis ne vaut 156 en Roses (l’autre équipe aurait 1)."
    )
    assert say(app, "fa", error).startswith("در رزها هیچ مجموعه‌ای از تریک‌ها ۱۵۶ نمی‌ارزد")


def test_a_reason_located_in_a_trick_keeps_its_place(app: Flask) -> None:
    error = {
        "rule": "S4.4",
        "code": "undertrump",
        "message": "English",
        "params": {"card": "H6", "highest": "H9", "alternatives": "C7", "trick": 3, "seat": 2},
    }
    assert say(app, "de_CH", error).startswith("Stich 3, Platz 2: H6 würde unter H9 untertrumpfen")
    assert say(app, "sv", error).startswith("Stick 3, plats 2: H6 skulle sticka under H9")


def test_same_code_different_games(app: Flask) -> None:
    schieber = {"rule": "S2.2", "code": "hand_size", "params": {"seat": 3, "count": 8, "expected": 9}}
    klammern = {"rule": "K10", "code": "hand_size", "params": {"size": 8, "count": 9}}
    assert say(app, "it_CH", schieber) == "Il posto 3 ha 8 carte; ogni giocatore ne riceve 9."
    assert say(app, "it_CH", klammern) == "Una mano ha al massimo 8 carte, non 9."


def test_unknown_code_or_params_fall_back_to_the_message(app: Flask) -> None:
    assert (
        say(app, "fr_CH", {"rule": "S9", "code": "new_code", "message": "as the engine says"})
        == "as the engine says"
    )
    assert (
        say(app, "fr_CH", {"rule": "S8", "code": "trick_points_range", "params": {}, "message": "m"}) == "m"
    )


def test_coiffeur_and_differenzler_reasons_name_rows_and_contracts(app: Flask) -> None:
    coiffeur = rules_engine.score_deal(
        {
            "game": "coiffeur",
            "options": {"grid": "official8"},
            "forehand": 1,
            "pushes": 0,
            "chooser": 1,
            "row": 1,
            "contract": "obenabe",
            "points": {"team": 2, "value": 112},
        }
    )
    error = coiffeur["errors"][0]
    assert (error["rule"], error["code"]) == ("C9", "contract_not_row")
    assert say(app, "de_CH", error) == "Zeile 1 ist Eicheln ×1; Obenabe kann darin nicht gespielt werden."
    differenzler = rules_engine.score_deal(
        {
            "game": "differenzler",
            "players": 4,
            "forehand": 1,
            "trump": "C",
            "estimates": [40, 0, 65, 200],
            "points": [43, 0, 65, 49],
            "tricks_won": [2, 0, 4, 3],
        }
    )
    error = differenzler["errors"][0]
    assert (error["rule"], error["code"]) == ("D8", "estimate_range")
    assert say(app, "fr_CH", error) == "L’estimation 200 de la place 4 n’est pas entre 0 et 157."


def test_a_relabelled_card_reason_keeps_schiebers_sentence(app: Flask) -> None:
    # Differenzler gives Schieber's S4.3 reason as D4.2 and keeps S4.3 in play_rule.
    error = {
        "rule": "D4.2",
        "code": "must_follow_suit",
        "message": "English",
        "params": {"card": "S6", "led_card": "H9", "led": "H", "alternatives": "H7", "play_rule": "S4.3"},
    }
    assert say(app, "de_CH", error).startswith("S6 gibt nicht Farbe an: H9 hat Rosen ausgespielt")
    # D4.3 lets a player without the led suit undertrump: not Schieber's S4.4 sentence.
    undertrump = {
        "rule": "D4.3",
        "code": "undertrump",
        "message": "English",
        "params": {"card": "C6", "highest": "C9", "held": "H7", "alternatives": "H7", "play_rule": "S4.4"},
    }
    assert say(app, "en", undertrump).startswith("C6: the hand holds H7; a trump lower than C9 is allowed")
