"""What the fuzzers type into the deal forms: near-miss values and the forms' field names."""

from __future__ import annotations

from hypothesis import strategies as st

#: A value typed into any field: plausible, nearly right, or junk.
TEXT = st.one_of(
    st.sampled_from(
        [
            "",
            "1",
            "2",
            "4",
            "-3",
            "156",
            "157",
            "9" * 30,
            "H",
            "obenabe",
            "run3",
            "four",
            "A",
            "6",
            "y",
            "H6 H7 H8",
            "X9; ;",
            "\u0000",
            "１２",
        ]
    ),
    st.text(max_size=12),
)
SCHIEBER_FIELDS = [
    "forehand",
    "contract",
    "pushed",
    "team",
    "points",
    "match",
    "stoeck",
    "reached_first",
    "weis_1_1_kind",
    "weis_1_1_suit",
    "weis_1_1_top",
    "weis_2_cards",
    "version",
]
KLAMMERN_FIELDS = [
    "forehand",
    "declarer",
    "trump",
    "how",
    "bella",
    "kontra",
    "re",
    "team",
    "points",
    "revoke_seat",
    "revoke_1",
    "revoke_2",
    "durchmarsch",
    "all_tricks",
    "melds_1_1_kind",
    "melds_1_1_suit",
    "melds_1_1_top",
    "melds_3_cards",
    "version",
]
