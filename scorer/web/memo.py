"""Values made once per object, for objects that cannot be hashed or hash slowly: a match's
settings (a dict), an engine answer (a dict), a translations catalog; and a bounded memo of
the most recently used values."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")
Key = TypeVar("Key", bound=Hashable)


def each_once(make: Callable[[Key], Value]) -> Callable[[Key], Value]:
    """``make``, each distinct value made once (for one table's rows, one sheet's cells: a
    thousand lines hold few distinct figures and names). Kept only as long as the returned
    function is."""
    made: dict[Key, Value] = {}

    def once(key: Key) -> Value:
        if key in made:
            return made[key]
        value = made[key] = make(key)
        return value

    return once


class ByIdentity(Generic[Value]):
    """A value per object, found by the object's identity.

    Each entry holds its object, so that no other object can take its id while the entry
    is there. At most ``size`` entries: when full, all are forgotten (the objects in use come
    back at their next request). Only for objects never changed in place once their value
    was made.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._held: dict[int, tuple[object, Value]] = {}

    def get(self, owner: object, make: Callable[[], Value]) -> Value:
        """``owner``'s value, made by ``make()`` the first time."""
        held = self._held.get(id(owner))
        if held is not None and held[0] is owner:
            return held[1]
        value = make()
        if len(self._held) >= self.size:
            self._held.clear()
        self._held[id(owner)] = (owner, value)
        return value


class Recent(Generic[Value]):
    """The most recently used values by key, at most ``size`` of them (0: none kept)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, Value] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Value | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Value) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
