"""A JSON object whose values are made when first read: an answer's explanations cost
nothing until someone reads them.

A legal-card answer names every illegal card with its reason (rule id, message, the cards
to play instead). Most callers of a hot path (a bot, a replay, the benchmark) read only
which cards are legal; building four reasons of nine fields each was more than half the
time of such an answer. :class:`LazyDict` holds the keys at once and makes the values on
first use of anything but its keys' count, so the answer reads, compares, copies and
serialises exactly as the plain dict it stands for.

Readings taken here:

* It is a ``dict`` subclass (``isinstance(x, dict)`` holds, ``type(x) is dict`` does not),
  so every reader goes through its methods. Until it is made, the dict's own storage holds
  the keys with ``None``: C code that reads a dict's storage directly, bypassing every
  method, would see those (the standard library's ``json``, ``copy``, ``pickle``,
  ``dict(x)`` and ``{**x}`` all call the methods of a subclass). Pyodide's ``to_js`` is
  such code: hand answers to JavaScript as JSON text (``json.dumps``), or call
  :meth:`LazyDict.made` first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

__all__ = ["LazyDict"]


class LazyDict(dict[str, Any]):
    """A dict of ``keys`` whose values ``make(*args)`` gives, called once, on first use."""

    __slots__ = ("_make", "_args")

    def __init__(
        self, keys: Iterable[str], make: Callable[..., dict[str, Any]], args: tuple[Any, ...]
    ) -> None:
        dict.update(self, dict.fromkeys(keys))
        self._make: Callable[..., dict[str, Any]] | None = make
        self._args = args

    def made(self) -> LazyDict:
        """Itself with its values made (as every other method does first)."""
        make = self._make
        if make is not None:
            self._make = None
            values = make(*self._args)
            self._args = ()
            dict.clear(self)  # the made dict's order is the answer's
            dict.update(self, values)
        return self

    # Reading.
    def __getitem__(self, key: str) -> Any:
        return dict.__getitem__(self.made(), key)

    def get(self, key: str, default: Any = None) -> Any:
        return dict.get(self.made(), key, default)

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self.made())

    def __reversed__(self) -> Iterator[str]:
        return dict.__reversed__(self.made())

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self.made(), key)

    def keys(self) -> Any:
        return dict.keys(self.made())

    def values(self) -> Any:
        return dict.values(self.made())

    def items(self) -> Any:
        return dict.items(self.made())

    def copy(self) -> dict[str, Any]:
        return dict(dict.items(self.made()))

    def __repr__(self) -> str:
        return dict.__repr__(self.made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyDict):
            other.made()
        return dict.__eq__(self.made(), other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self.copy(), other)

    def __ror__(self, other: Any) -> Any:
        return dict(other) | self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        # Copied, deep-copied and pickled as the plain dict it stands for.
        return (dict, (self.copy(),))

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()

    # Changing (an answer is the caller's to change).
    def __setitem__(self, key: str, value: Any) -> None:
        dict.__setitem__(self.made(), key, value)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self.made(), key)

    def __ior__(self, other: Any) -> LazyDict:  # type: ignore[override]
        dict.update(self.made(), other)
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self.made(), *args, **kwargs)

    def pop(self, key: str, *default: Any) -> Any:
        return dict.pop(self.made(), key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self.made())

    def setdefault(self, key: str, default: Any = None) -> Any:
        return dict.setdefault(self.made(), key, default)

    def clear(self) -> None:
        self._make = None
        dict.clear(self)
