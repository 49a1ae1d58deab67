from collections.abc import Callable
from typing import Any

from markupsafe import Markup

# A lazy string is translated when it is used, and stands in for a str everywhere the app
# passes one (form labels, validator messages): it proxies every str operation. It is declared
# a str so that WTForms' typed labels and messages accept it; it is not one at run time
# (isinstance(text, str) is False), which the app never asks of a label.
class LazyString(str):
    def __init__(self, func: Callable[..., str], *args: Any, **kwargs: Any) -> None: ...
    def __html__(self) -> Markup: ...
