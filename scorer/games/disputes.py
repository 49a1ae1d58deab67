"""A game's part of the dispute desk: its answers to each of the desk's questions.

The shared questions (:mod:`scorer.disputes.card`, ``.trick``, ``.weis``, ``.count``,
``.replay``) ask the game's :class:`DisputesPart` (``scorer/games/<game>/disputes.py``) for
everything that differs between games, and never branch on the game's name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rules_engine.cards import Card
    from rules_engine.tricks import Ranking
    from scorer.games.ruling import Ruling


#: The desk's replay form (``scorer.disputes.forms.ReplayForm``) as a game reads its fields:
#: ``contract``, ``profile``, ``declarer``, ``format``, ``how``, ``revoke`` (WTForms forms are
#: not generic).
ReplayForm = Any

#: A game's own fields of the desk's questions: the question (``card``, ``trick``, ``weis``,
#: ``count``, ``replay``, or ``*`` for every one) to the field's name and its unbound WTForms
#: field. A name two games give is the first game's field (the registry's order).
FormFields = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class ClaimsQuestion:
    """How a Weis / meld question is asked beyond its claims; each game reads its part."""

    forehand: int = 1
    #: The rules profile (S-rules: ``seed`` or ``official``).
    profile: str = "seed"
    #: The rule for equal melds (K5.2): ``first_declared`` or ``suit_rank``.
    tiebreak: str = "first_declared"
    players: int = 4
    #: The seat that announced Bella (K5.5).
    bella: int | None = None


class DisputesPart(Protocol):
    """One game's answers to the dispute desk's questions."""

    #: The game's name as the ruling's facts show it.
    @property
    def title(self) -> str: ...

    #: The contract (or trump) keys the desk accepts, in the form's order.
    @property
    def contracts(self) -> tuple[str, ...]: ...

    #: The cards of the game: a typed card outside it is no card of this game.
    @property
    def deck(self) -> tuple[Card, ...]: ...

    #: The rule that decides who takes a trick (S4.6, K4.4).
    @property
    def trick_rule(self) -> str: ...

    #: The table sizes the game is played at (K1.1: 2, 3 or 4).
    @property
    def tables(self) -> tuple[int, ...]: ...

    #: Whether a player announces Bella (K5.5) beside the melds.
    @property
    def bella(self) -> bool: ...

    #: Whether a deal has a declarer, a scoring format and a revoke rule (the replay asks for them).
    @property
    def declarer(self) -> bool: ...

    #: The record's key of the contract (DEAL_RECORD.md: ``contract`` or ``trump``).
    @property
    def contract_key(self) -> str: ...

    #: The game's own fields of the desk's forms (:data:`FormFields`).
    @property
    def form_fields(self) -> FormFields: ...

    def deck_error(self, word: str) -> str:
        """The sentence for a typed card that is not in :attr:`deck`."""
        ...

    def contract_label(self, key: str) -> str:
        """The contract as a player names it (Trump Rosen, Obenabe)."""
        ...

    def table_size(self, players: int | None) -> int:
        """The players at the table as asked.

        :raises Unreadable: a table the game is not played at (on ``players``).
        """
        ...

    def players_fact(self, players: int) -> list[tuple[str, str]]:
        """The table's size among the ruling's facts, where the game has more than one."""
        ...

    def ranking(self, contract: str, profile: str) -> Ranking:
        """The rank order and card points under ``contract``."""
        ...

    def full_trick(self, players: int, count: int) -> str:
        """The sentence for a trick that already holds every card when one more is asked about."""
        ...

    def position(self, contract: str, profile: str, players: int) -> dict[str, Any]:
        """The keys of the engine's ``legal_cards`` position beyond game, hand and trick."""
        ...

    def why_allowed(
        self, contract: str, hand: Sequence[str], trick: Sequence[str], card: str
    ) -> tuple[str, str]:
        """The rule that lets ``card`` be played, and the sentence that says so."""
        ...

    def trick_table(self, count: int, players: int | None) -> int:
        """The table's size for a trick of ``count`` cards (``players`` as asked, None: one a card).

        :raises Unreadable: a trick the game cannot have (on ``cards``).
        """
        ...

    def claims(
        self, contract: str, claims: Mapping[int, Sequence[Sequence[str]]], question: ClaimsQuestion
    ) -> Ruling:
        """Whose Weis / melds count."""
        ...

    def count(self, contract: str, points: int, profile: str, jappa_total: bool, players: int) -> Ruling:
        """Whether one side can take ``points`` card points."""
        ...

    def replay(self, record: Mapping[str, Any]) -> Ruling:
        """Every card of a deal record checked in order, the first wrong one, the score."""
        ...

    def replay_fields(self, form: ReplayForm, players: int) -> dict[str, Any]:
        """The game's own keys of the deal record the replay form's fields state.

        :raises Unreadable: a seat the table does not have.
        """
        ...
