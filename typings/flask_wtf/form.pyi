from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup
from wtforms import Form
from wtforms.fields.core import Field
from wtforms.form import BaseForm
from wtforms.meta import DefaultMeta

#: The default of ``formdata``: the request's form and files when the request has a body.
_Auto: object

class FlaskForm(Form):
    class Meta(DefaultMeta):
        csrf: bool
        csrf_field_name: str
        csrf_time_limit: int | None
        # formdata may also be _Auto: the request's form, or None when it has no body.
        def wrap_formdata(self, form: BaseForm, formdata: Any) -> Any: ...
        def get_translations(self, form: BaseForm) -> Any: ...

    def __init__(self, formdata: object = ..., **kwargs: Any) -> None: ...
    def is_submitted(self) -> bool: ...
    def validate_on_submit(self, extra_validators: Mapping[str, Sequence[Any]] | None = None) -> bool: ...
    def hidden_tag(self, *fields: Field | str) -> Markup: ...
