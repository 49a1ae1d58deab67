"""A JSON object whose keys and values are made when first read: an answer's explanations
cost nothing until someone reads them.

A legal-card answer names every illegal card with its reason (rule id, message, the cards
to play instead). Most callers of a hot path (a bot, a replay, the benchmark) read only
which cards are legal; building four reasons of nine fields each was more than half the
time of such an answer, and listing the illegal cards' codes as keys still a quarter.
:class:`LazyDict` knows how many entries it will have and makes them on first use of
anything but that count, so the answer reads, compares, copies and serialises exactly as
the plain dict it stands for.

Readings taken here:

* It is a ``dict`` subclass (``isinstance(x, dict)`` holds, ``type(x) is dict`` does not),
  so every reader goes through its methods (the standard library's ``json``, ``copy``,
  ``pickle``, ``dict(x)``, ``{**x}`` and ``f(**x)`` all call the methods of a subclass).
* Until it is made, the dict's own storage holds one placeholder entry (none when it will
  be empty): ``json``'s C encoder reads the storage's size to write ``{}`` without asking
  for the items, so the storage is empty exactly when the dict will be. C code that reads
  a dict's storage directly, bypassing every method, would see the placeholder. Pyodide's
  ``to_js`` is such code: hand answers to JavaScript as JSON text (``json.dumps``), or
  call :meth:`LazyDict.made` first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

__all__ = ["PLACEHOLDER", "LazyDict"]

#: The storage of a lazy dict that will not be empty, until it is made: ``LazyDict(PLACEHOLDER)``
#: copies it in C (``LazyDict`` has no ``__init__`` of its own, which would run in Python).
PLACEHOLDER: Final[dict[str, None]] = {"(not made yet: read through the dict's methods)": None}


class LazyDict(dict[str, Any]):
    """A dict of ``lazy[0]`` entries that ``lazy[1](*lazy[2:])`` gives, called once, on first use.

    A hot path makes one in two steps::

        answer = LazyDict(PLACEHOLDER)  # LazyDict() if it will be empty
        answer.lazy = (count, make, *args)

    (:meth:`of` does the same in one call.) ``make`` must give a dict of ``count`` entries.
    """

    __slots__ = ("lazy",)
    #: ``(count, make, *args)`` until the values are made, then None.
    lazy: tuple[Any, ...] | None

    @classmethod
    def of(cls, count: int, make: Callable[..., dict[str, Any]], *args: Any) -> LazyDict:
        """A lazy dict of ``count`` entries, ``make(*args)``."""
        made = cls(PLACEHOLDER) if count else cls()
        made.lazy = (count, make, *args)
        return made

    def made(self) -> LazyDict:
        """Itself with its values made (as every other method but ``len`` does first)."""
        lazy = self.lazy
        if lazy is not None:
            self.lazy = None
            values = lazy[1](*lazy[2:])
            assert len(values) == lazy[0], (len(values), lazy[0])
            dict.clear(self)
            dict.update(self, values)
        return self

    def __len__(self) -> int:
        lazy = self.lazy
        return dict.__len__(self) if lazy is None else int(lazy[0])

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
        self.lazy = None
        dict.clear(self)
