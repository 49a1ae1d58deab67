"""scorer.web.widgets.html_params must write exactly what WTForms' own writes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from scorer.web import widgets

KEYS = st.sampled_from(
    [
        "id",
        "name",
        "class_",
        "for_",
        "data_seat_number",
        "aria_describedby",
        "value",
        "type",
        "checked",
        "selected",
        "pattern",
        "inputmode",
        "maxlength",
        "x<y",
        'q"k',
    ]
)
TEXT = st.text(alphabet=st.sampled_from(list("ab 0<>&\"'=\u2019\u06f3")), max_size=12)


class HtmlObject:
    """A value with its own HTML (as a lazy string or a Markup may be)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def __html__(self) -> str:
        return self.html


VALUES = st.one_of(
    st.booleans(), st.none(), st.integers(-1000, 1000), TEXT, TEXT.map(Markup), TEXT.map(HtmlObject)
)


@given(st.dictionaries(KEYS, VALUES, max_size=8))
def test_same_attributes_as_wtforms(attributes: dict[str, object]) -> None:
    ours = widgets.html_params(**attributes)
    theirs = widgets.original_html_params(**attributes)
    assert str(ours) == str(theirs)
    assert isinstance(ours, Markup)


def test_known_examples_from_wtforms_documentation() -> None:
    assert (
        widgets.html_params(data_attr="user.name", aria_labeledby="name")
        == 'aria-labeledby="name" data-attr="user.name"'
    )
    assert widgets.html_params(name="text1", id="f", class_="text") == 'class="text" id="f" name="text1"'
    assert (
        widgets.html_params(checked=True, readonly=False, name="text1", abc="hello")
        == 'abc="hello" checked name="text1"'
    )
    assert widgets.html_params(value='say "hi" & <go>') == 'value="say &#34;hi&#34; &amp; &lt;go&gt;"'


def test_installed_into_the_widgets_by_the_app(app: object) -> None:
    import wtforms.widgets.core

    assert wtforms.widgets.core.html_params is widgets.html_params
    assert wtforms.widgets.core.Input.html_params is widgets.html_params
    assert wtforms.widgets.core.TextInput.html_params is widgets.html_params
