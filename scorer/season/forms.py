"""The series forms: shape only; the engine adjudicates the options (SEASON.md Z11)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField
from wtforms import BooleanField, HiddenField, IntegerField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, ValidationError

from rules_engine.limits import SEASON, TOURNAMENT
from scorer.events.forms import PlayerSelect
from scorer.web.forms import KeyedForm, VersionedForm, choices, numeric

COUNTS = choices(
    ("total", _l("Add up the evenings' totals (Z4.1, the default)")),
    ("points_table", _l("Points by place, from a points table (Z4.2)")),
    ("rank_points", _l("Points by place: the last ranked 1, one more a place (Z4.1)")),
)
ABSENT = choices(
    ("", _l("The rule file's default: 0 points, or the evening's worst total where lower wins (Z5.1)")),
    ("zero", _l("0 points (Z5.1)")),
    ("skip", _l("Not counted at all: the evening does not exist for the absentee (Z5.2)")),
    ("fixed", _l("A fixed score, below (Z5.3)")),
    ("own_average", _l("The absentee's own average (Z5.4)")),
    ("event_worst", _l("The evening's worst score (Z5.5)")),
)
TIEBREAK = choices(
    ("best", _l("The better single evening, then the next (Z7.3, the default)")),
    ("attendance,best", _l("More evenings played, then the better single evening")),
    ("wins,best", _l("More evenings won, then the better single evening")),
    ("last", _l("The better result at the last evening, then the one before")),
    ("", _l("Nothing: a tie shares the place")),
)


class SeriesFields(KeyedForm):
    """The series' options; a new series takes a name too (:class:`NewSeriesForm`), a change of
    them the version it was shown at (:class:`OptionsForm`)."""

    planned_events = IntegerField(
        _l("Evenings planned (Z3.7): until then the standing is provisional and nothing is struck"),
        validators=[Optional(), NumberRange(min=1, max=SEASON.events)],
        render_kw=numeric(),
    )
    counts = SelectField(_l("What an evening counts"), choices=COUNTS, default="total")
    points_table = StringField(
        _l(
            "Points table, first place first (Z4.2); empty: 25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1"
        ),
        validators=[Optional(), Length(max=400)],
    )
    points_beyond = IntegerField(
        _l("Points for a place beyond the table (Z4.2; clubs often give 1)"),
        validators=[Optional(), NumberRange(min=0, max=1000)],
        render_kw=numeric(),
    )
    best_of = IntegerField(
        _l("Only the best results count (Z6.1): how many; empty: every evening counts"),
        validators=[Optional(), NumberRange(min=1, max=SEASON.events)],
        render_kw=numeric(),
    )
    drop_early = BooleanField(_l("Strike the worst results already while the series is provisional (Z6.2)"))
    absent_counts = SelectField(_l("An evening someone missed"), choices=ABSENT, default="")
    absent_value = IntegerField(
        _l("The fixed score of an absentee (Z5.3)"), validators=[Optional()], render_kw=numeric()
    )
    min_events = IntegerField(
        _l("Evenings to play to be ranked (Z7.1)"),
        default=1,
        validators=[Optional(), NumberRange(min=1, max=SEASON.events)],
        render_kw=numeric(),
    )
    tiebreak = SelectField(_l("Equal totals (Z7.3)"), choices=TIEBREAK, default="best")
    rating = BooleanField(
        _l("Rate the players from their Passen (Z10): a margin per game, with its uncertainty")
    )
    balance = BooleanField(
        _l(
            "Seat each table of its evenings strong with weak by the rating (after the partner and opponent rules, T5.3)"
        )
    )

    def options(self) -> dict[str, Any]:
        """The engine's options the form states; a default is left out (stored as no option)."""
        found: dict[str, Any] = {}
        if self.counts.data and self.counts.data != "total":
            found["counts"] = self.counts.data
        if self.counts.data == "points_table":
            if self.points_table.data and self.points_table.data.strip():
                found["points_table"] = [
                    int(part) for part in self.points_table.data.replace(";", ",").split(",") if part.strip()
                ]
            if self.points_beyond.data is not None:
                found["points_beyond"] = self.points_beyond.data
        if self.best_of.data is not None:
            found["best_of"] = self.best_of.data
        if self.drop_early.data:
            found["drop_early"] = True
        if self.absent_counts.data:
            found["absent_counts"] = self.absent_counts.data
        if self.absent_counts.data == "fixed" and self.absent_value.data is not None:
            found["absent_value"] = self.absent_value.data
        if self.min_events.data not in (None, 1):
            found["min_events"] = self.min_events.data
        if self.tiebreak.data != "best":
            found["tiebreak"] = [step for step in self.tiebreak.data.split(",") if step] + ["shared"]
        return found

    def validate_best_of(self, field: Any) -> None:
        if field.data is not None and self.planned_events.data is None:
            raise ValidationError(_l("Give the evenings planned too: the best results count of them (Z6.1)."))

    def validate_points_table(self, field: Any) -> None:
        text = (field.data or "").replace(";", ",")
        try:
            [int(part) for part in text.split(",") if part.strip()]
        except ValueError:
            raise ValidationError(_l("Write whole numbers separated by commas, e.g. 25, 18, 15.")) from None


class NewSeriesForm(SeriesFields):
    title = StringField(
        _l("Name of the series (a season, a cup)"), validators=[DataRequired(), Length(max=TOURNAMENT.title)]
    )


class OptionsForm(SeriesFields):
    version = HiddenField(validators=[InputRequired()])


class JoinForm(VersionedForm):
    event = SelectField(
        _l("Event"), validators=[InputRequired()], validate_choice=False, widget=PlayerSelect()
    )
    weight = IntegerField(
        _l("It counts (a final counting double: 2)"),
        default=1,
        validators=[InputRequired(), NumberRange(min=1, max=10)],
        render_kw=numeric(),
    )


class LeaveForm(VersionedForm):
    event = IntegerField(validators=[Optional()])
    paper = IntegerField(validators=[Optional()])


class PaperForm(VersionedForm):
    """An evening's ranking from outside the app: a past season's, typed or as a CSV file."""

    title = StringField(_l("Evening"), validators=[DataRequired(), Length(max=TOURNAMENT.title)])
    date = StringField(
        _l("Played on (YYYY-MM-DD)"), validators=[DataRequired(), Length(max=10)], render_kw={"type": "date"}
    )
    direction = SelectField(
        _l("Which totals are better"),
        choices=choices(("high", _l("Higher (points)")), ("low", _l("Lower (differences)"))),
        default="high",
    )
    weight = IntegerField(
        _l("It counts (a final counting double: 2)"),
        default=1,
        validators=[InputRequired(), NumberRange(min=1, max=10)],
        render_kw=numeric(),
    )
    file = FileField(_l("Ranking file (CSV or XLSX: a ranking exported by Tafel or by a spreadsheet)"))
    text = TextAreaField(
        _l("or paste it: one player a line, rank; name; total (; Matches)"),
        validators=[Optional(), Length(max=512 * 1024)],
        render_kw={"rows": 6},
    )


class MergeForm(VersionedForm):
    # A register of hundreds of names: its options written in one pass (``PlayerSelect``).
    alias = SelectField(
        _l("This name"), validators=[InputRequired()], validate_choice=False, widget=PlayerSelect()
    )
    into = SelectField(
        _l("is the same person as"),
        validators=[InputRequired()],
        validate_choice=False,
        widget=PlayerSelect(),
    )


class NameForm(VersionedForm):
    """A split (undo a merge) or a guest's mark: one name."""

    player = StringField(validators=[InputRequired(), Length(max=200)])


class ImportSeriesForm(KeyedForm):
    file = FileField(_l("Series export file (JSON)"))
    text = TextAreaField(_l("or paste the series export"), validators=[Optional()], render_kw={"rows": 8})


class NewClubForm(KeyedForm):
    name = StringField(_l("The club's name"), validators=[DataRequired(), Length(max=120)])
    rating = BooleanField(
        _l("Rate the club's players over all its series (Z10: a margin per game, with its uncertainty)")
    )


class ClubOptionsForm(VersionedForm):
    rating = BooleanField(
        _l("Rate the club's players over all its series (Z10: a margin per game, with its uncertainty)")
    )


class ClubSeriesForm(VersionedForm):
    series = SelectField(_l("Series"), validators=[InputRequired()], validate_choice=False)


class ImportClubForm(KeyedForm):
    file = FileField(_l("Club export file (JSON)"))
    text = TextAreaField(_l("or paste the club export"), validators=[Optional()], render_kw={"rows": 8})
