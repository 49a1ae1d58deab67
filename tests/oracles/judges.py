"""Compare one position's legal cards with a peer, and explain every disagreement by a rule.

A judge returns the *kind* of position it saw, so a test can count each kind and assert
that the only disagreements are the documented ones (DIFFERENCES.md):

Schieber vs jass-kit
    ``agree``       — exact agreement (every position not listed below).
    ``issue10``     — a non-trump lead with two trumps already in the trick. jass-kit
                      measures S4.4 against the trump it takes for the *lower* one (its
                      issue #10), so it lets the player undertrump the higher trump. Here
                      Tafel must give exactly the S4.4 answer computed from the rule text,
                      jass-kit's extra cards must all be such undertrumps, and Tafel must
                      cite S4.4 for each.
Klammern vs belote-cli
    ``agree``       — partner not winning, or partner winning where belote-cli's exemption
                      does not come into play (trump led, able to follow, or no trump held).
    ``partner_exempt`` — a plain-suit lead, the partner winning, the player void in the
                      led suit and holding a trump: belote-cli frees the player ("partenaire
                      maître"), K4.3 does not. Tafel must give the K4.3 answer computed
                      from the rule text and cite K4.3 for every card belote-cli adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracles import adapters as a

SCHIEBER_PLAY_RULES = {"S4.2", "S4.3", "S4.4", "S4.5"}
KLAMMERN_PLAY_RULES = {"K4.2", "K4.3"}


class Disagreement(AssertionError):
    """Tafel and the peer disagree where the rules coincide (or Tafel is not the rule's)."""


@dataclass(frozen=True)
class Verdict:
    kind: str
    ours: frozenset[str]
    peer: frozenset[str]

    @property
    def differs(self) -> bool:
        return self.ours != self.peer


def _fail(
    what: str, contract: str, hand: Sequence[str], trick: Sequence[str], ours: object, peer: object
) -> None:
    raise Disagreement(
        f"{what}: contract/trump {contract!r}, hand {sorted(hand)}, trick {list(trick)}: "
        f"Tafel {sorted(ours)}, peer {sorted(peer)}"  # type: ignore[call-overload]
    )


def _check_partition(answer: dict[str, object], hand: Sequence[str], rules: set[str], where: str) -> None:
    legal = set(answer["legal"])  # type: ignore[call-overload]
    illegal = dict(answer["illegal"])  # type: ignore[call-overload]
    if legal | set(illegal) != set(hand) or legal & set(illegal) or not legal:
        raise Disagreement(
            f"{where}: legal {sorted(legal)} and illegal {sorted(illegal)} do not split the hand {sorted(hand)}"
        )
    for card, reason in illegal.items():
        if reason.get("rule") not in rules or not reason.get("message"):
            raise Disagreement(
                f"{where}: {card} is illegal for {reason!r}, not one of {sorted(rules)} with a message"
            )


def schieber_s4_4(contract: str, hand: Sequence[str], trick: Sequence[str]) -> set[str]:
    """S4.3 + S4.4 from the rule text, for a non-trump lead with a trump in the trick."""
    trump, led = contract, trick[0][0]
    if all(card[0] == trump for card in hand):
        return set(hand)  # S4.4: nothing but trumps
    highest = min(a.trump_rank_index(card, "schieber") for card in trick if card[0] == trump)
    over = {c for c in hand if c[0] == trump and a.trump_rank_index(c, "schieber") < highest}
    if any(card[0] == led for card in hand):
        return {c for c in hand if c[0] == led} | over  # S4.3: follow, or trump (not under)
    return {c for c in hand if c[0] != trump} | over


def judge_schieber(
    contract: str, hand: Sequence[str], trick: Sequence[str], mapping: a.JassMapping = a.SWISS
) -> Verdict:
    """Tafel vs jass-kit on one Schieber position (official profile, factors 1)."""
    answer = a.ours_schieber_legal(contract, hand, trick)
    _check_partition(answer, hand, SCHIEBER_PLAY_RULES, f"Schieber {contract} {list(trick)}")
    # Factors cannot change legality; a position without options may take another code path.
    plain = a.ours_schieber_legal(contract, hand, trick, factors_one=False)
    if plain != answer:
        raise Disagreement(
            f"Schieber {contract} {list(trick)} {sorted(hand)}: answers differ without options: {plain} vs {answer}"
        )
    ours = frozenset(answer["legal"])
    peer = frozenset(a.jasskit_legal(contract, hand, trick, mapping))
    trumps_in_trick = [c for c in trick if len(contract) == 1 and c[0] == contract]
    is_issue10 = len(contract) == 1 and trick and trick[0][0] != contract and len(trumps_in_trick) >= 2
    if not is_issue10:
        if ours != peer:
            _fail("Schieber disagreement", contract, hand, trick, ours, peer)
        return Verdict("agree", ours, peer)
    expected = schieber_s4_4(contract, hand, trick)
    if ours != expected:
        _fail("Tafel is not S4.4 (two trumps in a non-trump trick)", contract, hand, trick, ours, expected)
    if not ours <= peer:
        _fail("jass-kit forbids a card S4.4 allows", contract, hand, trick, ours, peer)
    highest = min(a.trump_rank_index(card, "schieber") for card in trumps_in_trick)
    for card in peer - ours:
        if card[0] != contract or a.trump_rank_index(card, "schieber") < highest:
            _fail(f"jass-kit's extra card {card} is not an undertrump", contract, hand, trick, ours, peer)
        if answer["illegal"][card]["rule"] != "S4.4":
            cited = answer["illegal"][card]["rule"]
            _fail(f"Tafel forbids {card} citing {cited}, not S4.4", contract, hand, trick, ours, peer)
    return Verdict("issue10", ours, peer)


def klammern_k4(trump: str, hand: Sequence[str], trick: Sequence[str]) -> set[str]:
    """K4.2 + K4.3 from the rule text (no partner exemption)."""
    if not trick:
        return set(hand)
    led = trick[0][0]
    follow = {c for c in hand if c[0] == led}
    trumps = {c for c in hand if c[0] == trump}
    in_trick = [a.trump_rank_index(c, "klammern") for c in trick if c[0] == trump]
    highest = min(in_trick, default=len(a.KLAMMERN_TRUMP_ORDER))
    over = {c for c in trumps if a.trump_rank_index(c, "klammern") < highest}
    if follow:
        return (over or follow) if led == trump else follow
    if trumps:
        return over or trumps
    return set(hand)


def partner_winning(trump: str, trick: Sequence[str]) -> bool:
    return len(trick) >= 2 and a.winning_index(trick, "klammern", trump) == len(trick) - 2


def judge_klammern(trump: str, hand: Sequence[str], trick: Sequence[str], seat: int) -> Verdict:
    """Tafel vs belote-cli on one Klammern position (four players)."""
    answer = a.ours_klammern_legal(trump, hand, trick)
    _check_partition(answer, hand, KLAMMERN_PLAY_RULES, f"Klammern {trump} {list(trick)}")
    ours = frozenset(answer["legal"])
    peer = frozenset(a.belote_legal(trump, hand, trick, seat))
    exempt = (
        partner_winning(trump, trick)
        and trick[0][0] != trump
        and not any(c[0] == trick[0][0] for c in hand)
        and any(c[0] == trump for c in hand)
    )
    if not exempt:
        if ours != peer:
            _fail("Klammern disagreement", trump, hand, trick, ours, peer)
        return Verdict("agree", ours, peer)
    expected = klammern_k4(trump, hand, trick)
    if ours != expected:
        _fail("Tafel is not K4.3 (partner winning, void, trump held)", trump, hand, trick, ours, expected)
    if peer != frozenset(hand):
        _fail("belote-cli does not free a player whose partner wins", trump, hand, trick, ours, peer)
    for card in peer - ours:
        if answer["illegal"][card]["rule"] != "K4.3":
            cited = answer["illegal"][card]["rule"]
            _fail(f"Tafel forbids {card} citing {cited}, not K4.3", trump, hand, trick, ours, peer)
    return Verdict("partner_exempt", ours, peer)
