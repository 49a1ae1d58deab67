"""Seating (TOURNAMENT.md T5): the spread report of any seating, and a generator for the next round.

A seated round is a list of tables, each two teams of competitors (players in the
Einzelschieber, so two teams of two; pairs in the Partnerschieber, so two teams of one),
plus the competitors who sit out. :func:`seating_report` counts T5.3's repeats.
:func:`next_round` proposes the next round: the sit-outs are those who sat out least
(T5.2), and the tables minimise, in this order, new repeated partners, new repeated
opponents and new repeated meetings (T5.3 [reading]).

The generator is a local search: a random draw (``random.Random(seed)``, so a seed always
gives the same round), then, for every table that repeats something, the best swap of two
competitors with another table (or with a sit-out of equal standing), until no swap helps.
Small fields, where repeats are dense, restart from several draws and keep the best.

A few small fields have a stored seating of the whole tournament that is better than this
search finds (:mod:`.designs`, 12 players over 5 or 6 rounds): told the rounds still to come, the
generator follows it while the rounds so far are that seating, relabelled.

A round chosen well by itself may corner the rounds after it. So in small fields, when the
caller says how many rounds are still to come (``rounds_left``), the generator looks ahead:
it keeps up to :data:`_CANDIDATES` distinct rounds of the best partner count from its draws
(the greedy choice first), plays the next rounds (up to :data:`_HORIZON`) out greedily after
each, and takes the candidate whose tournament so far counts least (T5.3's order); a tie, or
nothing better, keeps the greedy choice.

The whole search of one round evaluates at most :data:`SEARCH_WORK` table costs, counted
(:class:`SearchWork`), not timed: a seed always gives the same round, and no field or history
makes a draw cost more than that budget allows. With the lookahead, half of it draws the round
and half plays the candidates out.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from rules_engine.tournament.answers import SeatingReport
from rules_engine.tournament.designs import continue_design
from rules_engine.tournament.tables import SeatedTable

__all__ = ["SEARCH_WORK", "SearchWork", "SeatedTable", "next_round", "seating_report", "spread_counts"]


Round = Sequence[SeatedTable]


Spread = tuple[Counter[tuple[str, str]], Counter[tuple[str, str]], Counter[tuple[str, str]]]


def spread_counts(rounds: Iterable[Round], so_far: Spread | None = None) -> Spread:
    """How often each two competitors were partners, opponents, and at one table at all (T5.3),
    over ``rounds`` after ``so_far`` (the counts of the rounds before them, left unchanged)."""
    partners: Counter[tuple[str, str]] = Counter(so_far[0]) if so_far else Counter()
    opponents: Counter[tuple[str, str]] = Counter(so_far[1]) if so_far else Counter()
    meetings: Counter[tuple[str, str]] = Counter(so_far[2]) if so_far else Counter()
    rounds = list(rounds)  # read twice below
    # Each pair's key written once (the lesser id first), then counted in one pass per kind.
    together = [
        (a, b) if a < b else (b, a)
        for tables in rounds
        for table in tables
        for team in (table.team1, table.team2)
        for a, b in combinations(team, 2)
    ]
    across = [
        (a, b) if a < b else (b, a)
        for tables in rounds
        for table in tables
        for a in table.team1
        for b in table.team2
    ]
    partners.update(together)
    opponents.update(across)
    meetings.update(together)
    meetings.update(across)
    return partners, opponents, meetings


def _repeats(counts: Counter[tuple[str, str]]) -> int:
    """Σ max(0, n − 1): each pair's meetings beyond its first. Every count here is at least 1
    (pairs are only ever counted up from their first meeting), so it is Σ n − the pairs."""
    return sum(counts.values()) - len(counts)


def seating_report(
    rounds: Iterable[Round], sitouts: Iterable[Iterable[str]], so_far: Spread | None = None
) -> SeatingReport:
    """T5.3: Σ over two competitors of max(0, times − 1) as partners, opponents and at one table,
    over ``rounds`` after ``so_far`` (:func:`spread_counts` of the rounds before them).

    In the Partnerschieber the competitors are the pairs (teams of one), so
    ``partner_repeats`` is 0 and ``opponent_repeats`` equals ``meeting_repeats``.
    """
    sat_out = Counter(c for names in sitouts for c in names)
    if so_far is None:
        repeats = [_repeats(counts) for counts in spread_counts(rounds)]
    else:
        # The rounds' own pairs only, each told against the counts before them: the counts so
        # far (a whole event's pairs) are read, never copied.
        added = spread_counts(rounds)
        repeats = [
            _repeats(before)
            + sum(max(0, before[key] + n - 1) - max(0, before[key] - 1) for key, n in new.items())
            for before, new in zip(so_far, added, strict=True)
        ]
    return {
        "partner_repeats": repeats[0],
        "opponent_repeats": repeats[1],
        "meeting_repeats": repeats[2],
        "sitout_counts": {c: sat_out[c] for c in sorted(sat_out)},
    }


#: The lexicographic order of T5.3 as weights: a repeated partner outweighs any number of
#: repeated opponents in a round, and a repeated opponent any number of repeated meetings.
W_PARTNER, W_OPPONENT, W_MEETING = 1_000_000, 1_000, 1
#: Fields up to this many competitors keep their pairs' weights in flat lists (n² entries).
_FLAT_FIELD = 256
#: Tables tried per swap of a table that repeats something: all of them in small fields.
_SAMPLE = 48
#: Draws tried in all: small fields restart often (cheap, and repeats are dense there).
_DRAWS_BUDGET = 2_400
#: Fields up to this many competitors look ahead when rounds are still to come; larger fields
#: rarely repeat anything and must stay fast (400 players well under a second a round).
_LOOKAHEAD_FIELD = 16
#: Candidate rounds played out to the end per round drawn (the greedy choice among them).
_CANDIDATES = 6
#: Draws per round in a play-out: fewer than a real round's, as the play-outs only compare candidates.
_PLAYOUT_DRAWS = 8
#: The search's work per round drawn, in table costs evaluated (a swap tried evaluates two
#: tables): a fixed budget, whatever the field and the rounds so far, so no request can make
#: the search longer, and the same seed always spends it the same way (bench/seating.py and
#: bench/abuse.py measure what it costs).
SEARCH_WORK = 40_000
#: Rounds played out after each candidate, at most: the nearest rounds are the ones a round
#: corners, and a longer play-out would leave each of its rounds too little of the budget.
_HORIZON = 3


@dataclass
class SearchWork:
    """The work a draw may do (``budget``) and has done (``spent``), in table costs evaluated."""

    budget: int = SEARCH_WORK
    spent: int = 0


class _Search:
    """The local search over one round; competitors are numbers 0..n-1."""

    def __init__(
        self,
        n: int,
        team_size: int,
        weights: dict[int, tuple[int, int]],
        rng: random.Random,
        work: SearchWork,
        limit: int,
    ) -> None:
        self.n = n
        # The search stops before a table whose swaps would take ``work.spent`` past ``limit``.
        self.work = work
        self.limit = limit
        self.team_size = team_size
        self.rng = rng
        # Per ordered pair a * n + b, both orders: the meeting + opponent weight, and the
        # partner − opponent weight. Flat lists where the field is small (every swap tried reads
        # twelve of them); a large field's pairs that met are few of its n², kept sparse.
        self.meet: list[int] | defaultdict[int, int]
        self.split: list[int] | defaultdict[int, int]
        if n <= _FLAT_FIELD:
            self.meet, self.split = [0] * (n * n), [0] * (n * n)
        else:
            self.meet, self.split = defaultdict(int), defaultdict(int)
        for key, (meet, split) in weights.items():
            a, b = divmod(key, n)
            self.meet[key] = self.meet[b * n + a] = meet
            self.split[key] = self.split[b * n + a] = split

    def pair(self, a: int, b: int) -> tuple[int, int]:
        return self.meet[a * self.n + b], self.split[a * self.n + b]

    def cost(self, table: list[int]) -> int:
        """The table's new repeats (weighted), with its best split into teams."""
        meet, n = self.meet, self.n
        if self.team_size == 1:
            return meet[table[0] * n + table[1]]
        split = self.split
        a, b, c, d = table
        an, bn, cn = a * n, b * n, c * n
        base = meet[an + b] + meet[an + c] + meet[an + d] + meet[bn + c] + meet[bn + d] + meet[cn + d]
        return base + min(
            split[an + c] + split[bn + d], split[an + b] + split[cn + d], split[an + d] + split[bn + c]
        )

    def arrange(self, table: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The table's two teams in its best split (partners of the least weight)."""
        if self.team_size == 1:
            return (table[0],), (table[1],)
        a, b, c, d = table
        splits = [((a, c), (b, d)), ((a, b), (c, d)), ((a, d), (b, c))]
        return min(splits, key=lambda s: self.pair(*s[0])[1] + self.pair(*s[1])[1])

    def improve(self, tables: list[list[int]], sitouts: list[int], movable: set[int]) -> int:
        """Swap competitors until no swap lowers the cost; the total cost left."""
        cost = [self.cost(t) for t in tables]
        count = len(tables)
        size = len(tables[0]) if tables else 0
        work = self.work
        work.spent += count
        for _ in range(60):
            bad = [i for i in range(count) if cost[i] > 0]
            if not bad:
                break
            self.rng.shuffle(bad)
            improved = False
            for i in bad:
                if cost[i] == 0:
                    continue
                table = tables[i]
                # A large field: other tables drawn at random, up to a sample's worth, and the first
                # swap that helps, as most tables there repeat nothing and almost any takes the
                # repeat away. The draws are made as the swaps are tried, so a quick fix draws few.
                large = count - 1 > _SAMPLE
                others: Iterable[int]
                if large:
                    draw = self.rng.randrange
                    others = (j + (j >= i) for j in (draw(count - 1) for _ in range(_SAMPLE)))
                else:
                    others = [j for j in range(count) if j != i]
                tried = min(count - 1, _SAMPLE)
                if work.spent + (tried * 2 * size + len(sitouts)) * size > self.limit:
                    return sum(cost)
                best = (0, -1, -1, -1, 0, 0)
                work.spent += len(sitouts) * size
                for j in others:
                    # Table i repeats nothing now, at no cost to another: no swap does better for it.
                    if best[0] <= -cost[i] or (large and best[0] < 0):
                        break
                    work.spent += 2 * size * size
                    other = tables[j]
                    before = cost[i] + cost[j]
                    for x in range(size):
                        mine = table[x]
                        for y in range(size):
                            theirs = other[y]
                            table[x], other[y] = theirs, mine
                            ci, cj = self.cost(table), self.cost(other)
                            table[x], other[y] = mine, theirs
                            delta = ci + cj - before
                            if delta < best[0]:
                                best = (delta, j, x, y, ci, cj)
                # A sit-out of equal standing (T5.2) may take a seat.
                for s in range(len(sitouts)):
                    if sitouts[s] not in movable:
                        continue
                    for x in range(size):
                        if table[x] not in movable:
                            continue
                        mine = table[x]
                        table[x] = sitouts[s]
                        ci = self.cost(table)
                        table[x] = mine
                        delta = ci - cost[i]
                        if delta < best[0]:
                            best = (delta, -2 - s, x, 0, ci, 0)
                delta, j, x, y, ci, cj = best
                if delta >= 0:
                    continue
                improved = True
                if j >= 0:
                    tables[i][x], tables[j][y] = tables[j][y], tables[i][x]
                    cost[i], cost[j] = ci, cj
                else:
                    s = -2 - j
                    tables[i][x], sitouts[s] = sitouts[s], tables[i][x]
                    cost[i] = ci
            if not improved:
                break
        return sum(cost)


def balanced(
    table: SeatedTable,
    partners: Counter[tuple[str, str]],
    opponents: Counter[tuple[str, str]],
    strengths: Mapping[str, float],
) -> SeatedTable:
    """The table's split into two teams of two, strong with weak: among the three splits that
    repeat no more than the drawn one (T5.3: partners before opponents, weighted as the search
    weighs them), the one whose teams' strengths are nearest; the drawn one on a tie.

    ``partners`` and ``opponents`` are the rounds so far (:func:`spread_counts`); a competitor
    without a strength counts as the mean of the known ones.
    """
    if len(table.team1) != 2 or len(table.team2) != 2:
        return table
    known = [strengths[c] for c in (*table.team1, *table.team2) if c in strengths]
    if not known:
        return table
    mean = sum(strengths.values()) / len(strengths)
    a, c = table.team1
    b, d = table.team2

    def key(pair: tuple[str, str]) -> tuple[str, str]:
        return pair if pair[0] < pair[1] else (pair[1], pair[0])

    def cost(split: tuple[tuple[str, str], tuple[str, str]]) -> tuple[int, float, int]:
        (p, q), (r, t) = split
        repeats = W_PARTNER * (partners[key((p, q))] + partners[key((r, t))]) + W_OPPONENT * sum(
            opponents[key((x, y))] for x in (p, q) for y in (r, t)
        )
        gap = abs(
            strengths.get(p, mean) + strengths.get(q, mean) - strengths.get(r, mean) - strengths.get(t, mean)
        )
        return repeats, gap, splits.index(split)

    splits = [((a, c), (b, d)), ((a, b), (c, d)), ((a, d), (b, c))]
    drawn = cost(splits[0])[0]
    best = min((split for split in splits if cost(split)[0] <= drawn), key=cost)
    return SeatedTable(best[0], best[1])


def _sitout_repeats(sitout_counts: Mapping[str, int]) -> int:
    return sum(max(0, c - 1) for c in sitout_counts.values())


def next_round(
    competitors: Sequence[str],
    rounds: Iterable[Round],
    sitout_counts: Mapping[str, int],
    *,
    seed: int = 0,
    team_size: int = 2,
    rounds_left: int = 0,
    work: SearchWork | None = None,
    spread: Spread | None = None,
) -> tuple[list[SeatedTable], list[str]]:
    """The next round's tables and sit-outs for ``competitors`` (T5.2, T5.3).

    ``rounds`` are the rounds so far (competitors not in ``competitors`` are ignored),
    ``sitout_counts`` each competitor's sit-outs so far; ``team_size`` is 2 in the
    Einzelschieber (tables of four players) and 1 in the Partnerschieber (two pairs).
    ``rounds_left`` is how many rounds will still be drawn after this one: small fields
    then look ahead or follow a stored seating (see the module's docstring); 0 draws this
    round on its own, unless the rounds so far are a stored seating but for this one.
    The same arguments and ``seed`` always give the same round. The search evaluates at most
    ``work.budget`` table costs (:data:`SEARCH_WORK` unless ``work`` says otherwise), and
    adds what it evaluated to ``work.spent``. ``spread``: :func:`spread_counts` of ``rounds``,
    when the caller has them already.
    """
    work = work if work is not None else SearchWork()
    budget = work.spent + work.budget
    history = [list(tables) for tables in rounds]
    names = list(competitors)
    if team_size == 2:
        stored = continue_design(names, history, len(history) + 1 + rounds_left, seed)
        if stored is not None:
            return stored, []
    if rounds_left <= 0 or len(names) > _LOOKAHEAD_FIELD:
        return _greedy(names, history, sitout_counts, seed, team_size, 1, work, budget, spread=spread)[0]
    candidates = _greedy(
        names,
        history,
        sitout_counts,
        seed,
        team_size,
        _CANDIDATES,
        work,
        budget - work.budget // 2,
        spread=spread,
    )
    if len(candidates) == 1:
        return candidates[0]
    # Every candidate is played out with the same seeds, so they differ only by the round itself.
    rng = random.Random(seed)
    seeds = [rng.getrandbits(32) for _ in range(min(rounds_left, _HORIZON))]
    share = (budget - work.spent) // (len(candidates) * len(seeds))
    best: tuple[tuple[int, int, int, int], int] | None = None
    for number, (tables, out) in enumerate(candidates):
        played = [*history, tables]
        counts = Counter(sitout_counts)
        counts.update(out)
        for later in seeds:
            more, more_out = _greedy(
                names, played, counts, later, team_size, 1, work, work.spent + share, _PLAYOUT_DRAWS
            )[0]
            played.append(more)
            counts.update(more_out)
        report = seating_report(played, [])
        cost = (
            report["partner_repeats"],
            report["opponent_repeats"],
            report["meeting_repeats"],
            _sitout_repeats(counts),
        )
        if best is None or cost < best[0]:
            best = (cost, number)
    assert best is not None
    return candidates[best[1]]


def _greedy(
    names: list[str],
    rounds: Sequence[Round],
    sitout_counts: Mapping[str, int],
    seed: int,
    team_size: int,
    keep: int,
    work: SearchWork,
    limit: int,
    max_draws: int = 24,
    spread: Spread | None = None,
) -> list[tuple[list[SeatedTable], list[str]]]:
    """The round-by-round search: its best round first, then up to ``keep`` − 1 other distinct
    local optima of the same partner count, the cheapest first (for the lookahead); ``spread``:
    :func:`spread_counts` of ``rounds`` when the caller has them."""
    rng = random.Random(seed)
    n = len(names)
    index = {name: i for i, name in enumerate(names)}
    per_table = 2 * team_size
    tables_count, sitting_out = divmod(n, per_table)
    partners, opponents, meetings = spread if spread is not None else spread_counts(rounds)
    weights: dict[int, tuple[int, int]] = {}
    # Partners and opponents met at one table: every pair that met is among the meetings.
    for key in meetings:
        a, b = index.get(key[0]), index.get(key[1])
        if a is None or b is None:
            continue
        w_partner = W_PARTNER if key in partners else 0
        w_opponent = W_OPPONENT if key in opponents else 0
        weights[min(a, b) * n + max(a, b)] = (W_MEETING + w_opponent, w_partner - w_opponent)
    # T5.2: whoever sat out least sits out; among equals the draw decides, and the search may swap them.
    counts = [sitout_counts.get(name, 0) for name in names]
    order = sorted(range(n), key=lambda i: counts[i])
    must: list[int] = []
    pool: list[int] = []
    if sitting_out:
        threshold = counts[order[sitting_out - 1]]
        must = [i for i in range(n) if counts[i] < threshold]
        pool = [i for i in range(n) if counts[i] == threshold]
    need = sitting_out - len(must)
    # Sit-outs and players of equal standing may swap; with nobody to choose between, nobody moves.
    movable = set(pool) if len(pool) > need else set()
    search = _Search(n, team_size, weights, rng, work, limit)
    draws = max(1, min(max_draws, _DRAWS_BUDGET // max(1, n * n // 8)))
    # The greedy's round is the first draw of the least cost; the others (kept for the lookahead)
    # are distinct rounds found by later draws, so looking ahead never changes the greedy's round.
    found: dict[tuple[frozenset[frozenset[int]], frozenset[int]], tuple[int, list[list[int]], list[int]]] = {}
    best_total: int | None = None
    for _ in range(draws):
        chosen = must + rng.sample(pool, need)
        out = set(chosen)
        seated = [i for i in range(n) if i not in out]
        rng.shuffle(seated)
        tables = [seated[t * per_table : (t + 1) * per_table] for t in range(tables_count)]
        total = search.improve(tables, chosen, movable)
        shape = (frozenset(frozenset(t) for t in tables), frozenset(chosen))
        if shape not in found:
            found[shape] = (total, [list(t) for t in tables], list(chosen))
        if best_total is None or total < best_total:
            best_total = total
        if best_total == 0 and sum(1 for f in found.values() if f[0] == 0) >= keep:
            break
        if work.spent + tables_count > limit:
            break  # the first draw is always kept: a seating, searched as far as the budget allows
    assert best_total is not None
    tier = best_total // W_PARTNER
    # sorted() is stable: among equal costs the earlier draw, so the greedy's round comes first.
    kept = sorted((f for f in found.values() if f[0] // W_PARTNER == tier), key=lambda f: f[0])[:keep]
    answers = []
    for _, table_list, chosen in kept:
        seated_tables = []
        for table in table_list:
            team1, team2 = search.arrange(table)
            seated_tables.append(SeatedTable(tuple(names[i] for i in team1), tuple(names[i] for i in team2)))
        answers.append((seated_tables, sorted((names[i] for i in chosen), key=index.__getitem__)))
    return answers
