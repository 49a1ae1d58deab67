"""A Passe: a fixed number of Schieber games at one table (TOURNAMENT.md T2, T3, T6).

Each game is a Schieber deal record scored by the Schieber engine under the `tournament`
profile, plus what a tournament table adds: each team's own figure (``claims``), the teams
that confirmed it (``confirmed_by``) and the office's ``ruling``. :func:`evaluate_passe`
checks every figure against T3.4, finds each game's state (T6.3), the control sum (T3.5),
the forehand counts (T3.3) and the Passe's status (T6.5); :func:`score_passe` answers a
stand-alone Passe record in JSON.

A record that breaks a rule "yields no score" (DEAL_RECORD.md): ``status``,
``team_totals``, ``player_totals``, ``matches`` and ``control.actual``/``ok`` are null.
Each game keeps its own figures unless that game itself breaks a rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.coiffeur.contracts import CoiffeurContract
from rules_engine.coiffeur.deal import relabel_for
from rules_engine.errors import InvalidRecord, Reason
from rules_engine.options import RuleOptions
from rules_engine.records import Fields, check_integer
from rules_engine.schieber.contracts import DEAL_TOTAL, Contract
from rules_engine.schieber.deal import (
    DEAL_FIELDS,
    DealRecord,
    PointsClaim,
    evaluate_deal,
    parse_deal,
    parse_points,
)
from rules_engine.schieber.points import check_trick_points
from rules_engine.schieber.trick_modes import ModeReplay, TrickMode, replay_modes
from rules_engine.seats import Seat
from rules_engine.tournament.answers import ControlAnswer, GameAnswer, PasseAnswer
from rules_engine.tournament.findings import Finding, finding
from rules_engine.tournament.options import SLALOM, game_options, passe_options

__all__ = [
    "EMBEDDED_FIELDS",
    "Figure",
    "GameResult",
    "PasseResult",
    "evaluate_passe",
    "read_games",
    "score_passe",
    "transcription_check",
]

Pair = tuple[int, int]
TEAMS = (1, 2)
SEATS = ("1", "2", "3", "4")

#: T6: what a tournament table adds to a Schieber deal record.
GAME_FIELDS: frozenset[str] = DEAL_FIELDS | {"confirmed_by", "claims", "ruling"}
#: A Passe embedded in a tournament takes these; the rest come from the tournament (T9).
EMBEDDED_FIELDS: frozenset[str] = frozenset({"games", "reported", "confirmed_by"})
PASSE_FIELDS: frozenset[str] = EMBEDDED_FIELDS | {"game", "profile", "options", "round", "table", "seats"}
_RULING_FIELDS = frozenset({"points", "by", "reason"})
#: The Schieber engine's own trick-point checks (S5.5, S8): a Passe cites T3.4 for them instead.
_TRICK_POINT_CODES = frozenset(
    {"match_points", "match_total_without_match", "trick_points_range", "impossible_total"}
)


@dataclass(frozen=True, slots=True)
class Figure:
    """A game's figure before the factor: each team's trick points and Match flag (T6.3 "agree")."""

    points: Pair
    match: tuple[bool, bool]

    @classmethod
    def of(cls, claim: PointsClaim) -> Figure:
        if claim.match:
            points = (DEAL_TOTAL, 0) if claim.team == 1 else (0, DEAL_TOTAL)
            return cls(points, (claim.team == 1, claim.team == 2))
        assert claim.value is not None
        other = DEAL_TOTAL - claim.value
        return cls((claim.value, other) if claim.team == 1 else (other, claim.value), (False, False))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a Passe as read: the deal, and who entered, claimed, confirmed and ruled what."""

    deal: DealRecord
    #: The deal's ``points`` or ``tricks`` are the table's entry (not a stand-in from a claim or ruling).
    entered: bool
    claims: Mapping[int, PointsClaim]
    ruling: PointsClaim | None
    confirmed_by: frozenset[int]
    #: The Slalom's first mode (`obenabe` or `undenufe`) when the contract was COIFFEUR.md's
    #: Slalom object (T2.3), else None; ``deal.contract`` is then that mode, which Weis
    #: compare in, which makes Stöck impossible, and whose card values count under `opening`.
    slalom: str | None


def _teams(raw: object, where: str) -> frozenset[int]:
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence):
        raise InvalidRecord(f"{where} must be a list of teams (1, 2), not {raw!r}", where=where)
    return frozenset(check_integer(team, f"{where}[]", minimum=1, maximum=2) for team in raw)


def _slalom(raw: object, where: str) -> str | None:
    """T2.3: a Slalom is written with COIFFEUR.md's contract object (its ``start``); anything
    else is a Schieber contract (None)."""
    if not isinstance(raw, Mapping):
        return None
    contract = Fields(raw, where, {"type", "start"})
    if contract.raw("type") != SLALOM:
        raise InvalidRecord(
            f"{where}: a contract object is a Slalom, {{'type': 'slalom', 'start': ...}}", where=where
        )
    return str(contract.choice("start", ("obenabe", "undenufe")))


def parse_game(data: object, where: str) -> GameRecord:
    """Read one game of a Passe (TOURNAMENT.md, "Passe record").

    :raises InvalidRecord: an unknown field, both ``points`` and ``tricks``, none of
        ``points``, ``tricks``, ``claims`` and ``ruling``, a claim for a team other than 1
        or 2, a ruling without ``points`` or not by the office.
    """
    game = Fields(data, where, GAME_FIELDS)
    claims: dict[int, PointsClaim] = {}
    if game.has("claims"):
        for key, raw in game.mapping("claims").items():
            if key not in ("1", "2"):
                raise InvalidRecord(
                    f"{game.name('claims')}: a claim is keyed by team '1' or '2', not {key!r}",
                    where=game.name("claims"),
                )
            claims[int(key)] = parse_points(raw, f"{game.name('claims')}.{key}")
    ruling: PointsClaim | None = None
    if game.has("ruling"):
        ruled = Fields(game.raw("ruling"), game.name("ruling"), _RULING_FIELDS)
        if not ruled.has("points"):
            raise InvalidRecord(
                f"{ruled.name('points')} is missing (the figure the office rules, T6.4)",
                where=ruled.name("points"),
            )
        if ruled.raw("by") != "office":
            raise InvalidRecord(
                f"{ruled.name('by')} must be 'office' (T6.4), not {ruled.raw('by')!r}", where=ruled.name("by")
            )
        if ruled.has("reason") and not isinstance(ruled.raw("reason"), str):
            raise InvalidRecord(f"{ruled.name('reason')} must be text", where=ruled.name("reason"))
        ruling = parse_points(ruled.raw("points"), ruled.name("points"))
    confirmed_by = (
        _teams(game.raw("confirmed_by"), game.name("confirmed_by"))
        if game.has("confirmed_by")
        else frozenset()
    )
    entered = game.has("points") or game.has("tricks")
    if not entered and not claims and ruling is None:
        raise InvalidRecord(
            f"{where}: give the game's 'points' or 'tricks', the teams' 'claims' or a 'ruling'", where=where
        )
    deal_part = {key: value for key, value in game.data.items() if key in DEAL_FIELDS}
    slalom = _slalom(game.raw("contract"), game.name("contract"))
    if slalom is not None:
        deal_part["contract"] = slalom  # the first trick's mode stands in (see GameRecord.slalom)
    if not entered:
        # The deal's own fields (forehand, contract, Weis, Stöck) are read with a figure standing in.
        stand_in = ruling if ruling is not None else next(iter(claims.values()))
        deal_part["points"] = (
            {"team": stand_in.team, "match": True}
            if stand_in.match
            else {"team": stand_in.team, "value": stand_in.value}
        )
    deal = parse_deal(deal_part, where, allowed=DEAL_FIELDS)
    return GameRecord(deal, entered, claims, ruling, confirmed_by, slalom)


def read_games(raw: object, where: str) -> list[GameRecord]:
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence):
        raise InvalidRecord(f"{where} must be a list of games, not {raw!r}", where=where)
    return [parse_game(game, f"{where}[{index}]") for index, game in enumerate(raw)]


def check_figure(claim: PointsClaim, contract: Contract, options: RuleOptions, where: str) -> list[Reason]:
    """T3.4: a figure no game can give (outside 0..157, 1 or 156, unreachable in the contract)."""
    if claim.match:
        return []
    assert claim.value is not None
    broken = check_trick_points(contract, options, claim.value, False)
    if not broken:
        return []
    params = {
        "team": claim.team,
        "value": claim.value,
        "other": DEAL_TOTAL - claim.value,
        "contract": contract.key,
    }
    if broken[0].code == "impossible_total":
        return [
            Reason(
                "T3.4",
                "impossible_total",
                "{value} is impossible (the other team would have {other})",
                params,
                field=where,
            )
        ]
    return [Reason("T3.4", "outside_range", "{value} is outside 0..157", params, field=where)]


@dataclass(slots=True)
class GameResult:
    """One checked game: its findings, state, factor and (when it has one) its figure (T6.3)."""

    index: int
    factor: int
    state: str
    findings: list[Finding] = field(default_factory=list)
    figure: Figure | None = None
    raw_weis: Pair = (0, 0)
    raw_stoeck: Pair = (0, 0)
    #: What the game's cards total (T3.5): 157, or a per-trick Slalom's own total (T2.3).
    card_total: int = DEAL_TOTAL

    @property
    def valid(self) -> bool:
        return not self.findings

    def match_bonus(self, options: RuleOptions) -> Pair:
        """T2.4: (`match_value` − 157) for the team that took all nine tricks, before the factor."""
        if self.figure is None:
            return (0, 0)
        bonus = options.match_value - DEAL_TOTAL
        return (bonus if self.figure.match[0] else 0, bonus if self.figure.match[1] else 0)

    def controlled(self, options: RuleOptions) -> Pair | None:
        """T3.5: trick points plus Match bonus, times the factor (no Weis, no Stöck)."""
        if self.figure is None:
            return None
        bonus = self.match_bonus(options)
        points = self.figure.points
        return ((points[0] + bonus[0]) * self.factor, (points[1] + bonus[1]) * self.factor)

    def total(self, options: RuleOptions) -> Pair | None:
        """T3.6: the game's total per team: controlled figure + Weis + Stöck, after the factor."""
        controlled = self.controlled(options)
        if controlled is None:
            return None
        f = self.factor
        return (
            controlled[0] + (self.raw_weis[0] + self.raw_stoeck[0]) * f,
            controlled[1] + (self.raw_weis[1] + self.raw_stoeck[1]) * f,
        )

    def to_json(self, options: RuleOptions) -> GameAnswer:
        shown = self.valid and self.figure is not None
        total = self.total(options) if shown else None
        answer: GameAnswer = {
            "total": list(total) if total is not None else None,
            "match": list(self.figure.match) if shown and self.figure is not None else None,
            "state": self.state,
        }
        if options.weis:
            answer["weis"] = [w * self.factor for w in self.raw_weis] if shown else None
        if options.stoeck:
            answer["stoeck"] = [s * self.factor for s in self.raw_stoeck] if shown else None
        return answer


def evaluate_game(
    index: int, game: GameRecord, options: RuleOptions, passe_confirmed: frozenset[int]
) -> GameResult:
    """Check one game's entry, claims and ruling (T2.1, T2.3, T3.4, S8) and find its state (T6.3)."""
    gopts = game_options(options)
    deal = game.deal
    result = GameResult(index, 1 if game.slalom else deal.contract.factor(gopts), "unconfirmed")
    figures: list[Figure] = []
    if game.slalom is not None:
        refused = _slalom_refused(game, options)
        if refused is not None:
            result.findings.append(Finding(refused, game=index))
            return result
        if deal.tricks is not None:
            played = _play_slalom(deal, game.slalom, options)
            result.findings.extend(Finding(reason, game=index) for reason in played.reasons)
            figure = _slalom_figure(played)
            figures.append(figure)
            result.card_total = sum(figure.points)
            # Weis and Stöck are checked on the stand-in deal: its figure, and the hands the tricks
            # show (when they show them without a fault already found).
            hands = {Seat(seat): cards for seat, cards in played.hands.items()}
            deal = dataclasses.replace(
                deal,
                tricks=None,
                points=_stand_in(figure),
                hands=deal.hands if played.reasons else hands,
            )
    scored = evaluate_deal(deal, gopts)
    for reason in scored.reasons:
        if reason.code not in _TRICK_POINT_CODES:
            result.findings.append(Finding(reason, game=index))
    if game.entered and not figures:
        if deal.tricks is not None:
            match_team = scored.match_team
            figures.append(Figure(scored.raw_trick_points, (match_team == 1, match_team == 2)))
        else:
            assert deal.points is not None
            figures.append(Figure.of(deal.points))
            result.findings.extend(
                Finding(r, game=index) for r in check_figure(deal.points, deal.contract, gopts, "points")
            )
    for team, claim in sorted(game.claims.items()):
        figures.append(Figure.of(claim))
        where = f"claims.{team}"
        result.findings.extend(
            Finding(r, game=index) for r in check_figure(claim, deal.contract, gopts, where)
        )
    result.raw_weis = scored.raw_weis
    result.raw_stoeck = scored.raw_stoeck
    if game.ruling is not None:
        result.findings.extend(
            Finding(r, game=index) for r in check_figure(game.ruling, deal.contract, gopts, "ruling.points")
        )
        result.state, result.figure = "ruled", Figure.of(game.ruling)
        return result
    if any(other != figures[0] for other in figures[1:]):
        result.state = "disputed"
        return result
    result.figure = figures[0]
    confirm = options.confirm
    if confirm == "none":
        confirmed = True
    elif confirm == "per_passe":
        confirmed = passe_confirmed >= {1, 2}
    else:
        confirmed = (game.confirmed_by | set(game.claims)) >= {1, 2}
    result.state = "confirmed" if confirmed else "unconfirmed"
    return result


def _slalom_refused(game: GameRecord, options: RuleOptions) -> Reason | None:
    """T2.3: a Slalom outside option `contracts`, or under `mixed_points: "per_trick"` not given
    card by card (its total is then not 157, so no figure can be checked: C5.6)."""
    if SLALOM not in options.contracts:
        return Reason(
            "T2.3",
            "contract_not_allowed",
            "a Slalom is not among this Passe's contracts (option contracts)",
            {"contract": SLALOM},
            field="contract",
        )
    if options.mixed_points != "per_trick":
        return None
    if game.entered and game.deal.tricks is None:
        given = "points"
    elif game.ruling is not None:
        given = "ruling"
    elif game.claims:
        given = "claims"
    else:
        return None
    return Reason(
        "T2.3",
        "per_trick_needs_tricks",
        "with mixed_points per_trick a Slalom is entered card by card (tricks), not by {given}",
        {"contract": SLALOM, "given": given},
        field=given,
    )


def _play_slalom(deal: DealRecord, start: str, options: RuleOptions) -> ModeReplay:
    """C5.1: the tricks alternate from ``start``; forehand leads the first, as in every game of
    the Passe; card points by `mixed_points` (C5.6) and `undenufe_points`."""
    contract = CoiffeurContract(SLALOM, start=start)
    coiffeur_options = RuleOptions(
        {
            "guschti_split": 5,  # read by the mode table, unused by a Slalom
            "mixed_points": options.mixed_points,
            "undenufe_points": options.undenufe_points,
        }
    )
    relabel_card = relabel_for(contract)

    def relabel(reason: Reason, mode: TrickMode, trick: int | None) -> Reason:
        # A card not in its player's hand breaks S8 in a Passe, as in its other games.
        return reason if reason.code == "not_in_hand" else relabel_card(reason, mode, trick)

    hands = {seat.number: cards for seat, cards in deal.hands.items()} if deal.hands is not None else None
    return replay_modes(
        contract.modes(coiffeur_options),
        contract.points(coiffeur_options),
        4,
        deal.forehand.number,
        deal.tricks,
        hands,
        relabel,
        "S8",
    )


def _stand_in(figure: Figure) -> PointsClaim:
    """The figure as a deal's ``points`` (a per-trick total beyond 157 is not checked as one, T2.3)."""
    if figure.match[0] or figure.match[1]:
        return PointsClaim(1 if figure.match[0] else 2, None, True)
    return PointsClaim(1, min(figure.points[0], DEAL_TOTAL), False)


def _slalom_figure(played: ModeReplay) -> Figure:
    """Each team's card points and whether one team took all nine tricks (T2.4)."""
    seat_points = played.seat_points
    teams = {1 if seat % 2 == 1 else 2 for seat in played.winners}
    return Figure(
        (seat_points[0] + seat_points[2], seat_points[1] + seat_points[3]),
        (teams == {1}, teams == {2}),
    )


@dataclass(slots=True)
class PasseResult:
    """A checked Passe (T3, T6): its games, findings, warnings, totals and status."""

    options: RuleOptions
    games: list[GameResult]
    findings: list[Finding]
    warnings: list[Finding]
    team_totals: Pair
    matches: Pair
    expected: int
    actual: int
    status: str
    forehand_counts: dict[str, int]
    seats: Mapping[str, str] | None

    @property
    def valid(self) -> bool:
        return not self.findings

    @property
    def complete(self) -> bool:
        return self.valid and self.status == "complete"

    def player_totals(self) -> dict[str, int]:
        """T3.6: each player's Passe score is his team's (seats 1 and 3 are team 1)."""
        if self.seats is None:
            return {}
        return {player: self.team_totals[(int(seat) - 1) % 2] for seat, player in self.seats.items()}

    def to_json(self) -> PasseAnswer:
        valid = self.valid
        control: ControlAnswer = {
            "expected": self.expected,
            "actual": self.actual if valid else None,
            "ok": self.actual == self.expected if valid else None,
        }
        answer: PasseAnswer = {
            "valid": valid,
            "errors": [f.to_json() for f in self.findings],
            "warnings": [f.to_json() for f in self.warnings],
            "status": self.status if valid else None,
            "games": [game.to_json(self.options) for game in self.games],
            "team_totals": list(self.team_totals) if valid else None,
            "matches": list(self.matches) if valid else None,
            "control": control,
            "forehand_counts": self.forehand_counts,
            "disputed": [game.index for game in self.games if game.state == "disputed"],
        }
        if self.seats is not None:
            answer["player_totals"] = self.player_totals() if valid else None
        return answer


def evaluate_passe(
    games: Sequence[GameRecord],
    options: RuleOptions,
    *,
    confirmed_by: frozenset[int] = frozenset(),
    reported: Pair | None = None,
    seats: Mapping[str, str] | None = None,
) -> PasseResult:
    """Check a Passe's games and the Passe itself (T3.1, T3.3, T3.5, T6.5, T6.6)."""
    per_game = options.games_per_passe
    results = [evaluate_game(index, game, options, confirmed_by) for index, game in enumerate(games)]
    findings = [f for result in results for f in result.findings]
    warnings: list[Finding] = []
    if len(games) > per_game:
        findings.append(
            finding(
                "T3.1",
                "too_many_games",
                "a Passe has {games_per_passe} games; game {number} is one too many",
                {"games_per_passe": per_game, "number": per_game + 1, "games": len(games)},
                game=per_game,
            )
        )
    counts = dict.fromkeys(SEATS, 0)
    for game in games:
        counts[str(game.deal.forehand.number)] += 1
    _check_rotation(games, options, counts, findings, warnings)
    totals, matches, actual = (0, 0), (0, 0), 0
    expected = DEAL_TOTAL * max(0, per_game - len(games))  # games not yet entered count at factor 1
    for result in results:
        expected += result.card_total * result.factor
        total, controlled = result.total(options), result.controlled(options)
        if total is None or controlled is None or result.figure is None:
            continue
        bonus = result.match_bonus(options)
        expected += (bonus[0] + bonus[1]) * result.factor
        actual += controlled[0] + controlled[1]
        totals = (totals[0] + total[0], totals[1] + total[1])
        matches = (matches[0] + result.figure.match[0], matches[1] + result.figure.match[1])
    if reported is not None:
        findings.extend(transcription_check(reported, totals))
    if any(result.state == "disputed" for result in results):
        status = "disputed"
    elif (
        len(results) == per_game
        and all(result.state in ("confirmed", "ruled") for result in results)
        and actual == expected
    ):
        status = "complete"
    else:
        status = "open"
    return PasseResult(
        options, results, findings, warnings, totals, matches, expected, actual, status, counts, seats
    )


def transcription_check(
    reported: Pair, team_totals: Pair, *, field: str = "reported.team_totals"
) -> list[Finding]:
    """T6.6: each team's total written on paper against the sum of its games; a difference names both."""
    return [
        finding(
            "T6.6",
            "reported_total",
            "team {team}: reported {reported}, games sum to {actual}",
            {"team": team, "reported": reported[team - 1], "actual": team_totals[team - 1]},
            field=field,
        )
        for team in TEAMS
        if reported[team - 1] != team_totals[team - 1]
    ]


def _check_rotation(
    games: Sequence[GameRecord],
    options: RuleOptions,
    counts: Mapping[str, int],
    findings: list[Finding],
    warnings: list[Finding],
) -> None:
    """T3.3: the deal passes to the right; `warn` on uneven counts, `strict` on every forehand."""
    if options.rotation == "strict":
        for index in range(1, len(games)):
            before = games[index - 1].deal.forehand
            forehand = games[index].deal.forehand
            if forehand != before.next:
                findings.append(
                    finding(
                        "T3.3",
                        "forehand_out_of_turn",
                        "seat {forehand} is forehand out of turn; after seat {previous} it is seat {expected}",
                        {
                            "forehand": forehand.number,
                            "previous": before.number,
                            "expected": before.next.number,
                        },
                        field="forehand",
                        game=index,
                    )
                )
    elif options.rotation == "warn" and len(games) == options.games_per_passe:
        allowed = 0 if options.games_per_passe % 4 == 0 else 1
        spread = max(counts.values()) - min(counts.values())
        if spread > allowed:
            warnings.append(
                finding(
                    "T3.3",
                    "rotation_uneven",
                    "the seats were forehand {counts} times; in {games} games they differ by at most {allowed}",
                    {
                        "counts": "/".join(str(counts[seat]) for seat in SEATS),
                        "games": options.games_per_passe,
                        "allowed": allowed,
                    },
                    field="forehand",
                )
            )


def read_seats(raw: object, where: str) -> dict[str, str]:
    """A table's ``seats``: the four seats, each a distinct player id."""
    if not isinstance(raw, Mapping):
        raise InvalidRecord(f"{where} must be a JSON object of seat -> player, not {raw!r}", where=where)
    if sorted(raw) != list(SEATS):
        raise InvalidRecord(
            f"{where} must name the players of seats 1, 2, 3 and 4, not {sorted(raw)!r}", where=where
        )
    seats: dict[str, str] = {}
    for seat in SEATS:
        player = raw[seat]
        if not isinstance(player, str) or not player:
            raise InvalidRecord(
                f"{where}.{seat} must be a player id, not {player!r}", where=f"{where}.{seat}"
            )
        seats[seat] = player
    return seats


def read_passe_body(
    passe: Fields, options: RuleOptions
) -> tuple[list[GameRecord], frozenset[int], Pair | None]:
    """The games, Passe signature (T6.2 `per_passe`) and reported totals (T6.6) of a Passe record."""
    if not passe.has("games"):
        raise InvalidRecord(
            f"{passe.name('games')} is missing (the list of games, [] before the first)",
            where=passe.name("games"),
        )
    games = read_games(passe.raw("games"), passe.name("games"))
    confirmed = (
        _teams(passe.raw("confirmed_by"), passe.name("confirmed_by"))
        if passe.has("confirmed_by")
        else frozenset()
    )
    reported: Pair | None = None
    if passe.has("reported"):
        sheet = Fields(passe.raw("reported"), passe.name("reported"), {"team_totals"})
        reported = read_pair(sheet.raw("team_totals"), sheet.name("team_totals"))
    return games, confirmed, reported


def read_pair(raw: object, where: str) -> Pair:
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence) or len(raw) != 2:
        raise InvalidRecord(f"{where} must be a pair [team 1, team 2], not {raw!r}", where=where)
    return (check_integer(raw[0], f"{where}[0]"), check_integer(raw[1], f"{where}[1]"))


def score_passe(record: Mapping[str, Any]) -> PasseAnswer:
    """Validate and score one Passe record (TOURNAMENT.md, "Passe record").

    :raises InvalidRecord: the input is not a Passe record (exit 2). A record that breaks
        a rule is answered with ``valid: false`` and its reasons.
    """
    passe = Fields(record, "passe", PASSE_FIELDS)
    game = passe.raw("game", "schieber_passe")
    if game != "schieber_passe":
        raise InvalidRecord(f"game: {game!r} is not a Passe record (use 'schieber_passe')", where="game")
    options = passe_options(passe.raw("profile"), passe.raw("options"))
    for key in ("round", "table"):
        if passe.has(key):
            passe.integer(key, minimum=1)
    seats = read_seats(passe.raw("seats"), passe.name("seats")) if passe.has("seats") else None
    if seats is not None and len(set(seats.values())) != 4:
        raise InvalidRecord(f"{passe.name('seats')}: a player sits in two seats", where=passe.name("seats"))
    games, confirmed, reported = read_passe_body(passe, options)
    return evaluate_passe(games, options, confirmed_by=confirmed, reported=reported, seats=seats).to_json()
