"""Rule options and profiles: variants as data, found by name (STYLE.md practice 4).

A game declares a table of :class:`OptionSpec` (key, rule id, default, parser) and a
table of profiles (name -> overrides). :func:`resolve_options` turns a record's
``profile`` and ``options`` into one frozen :class:`RuleOptions`; an unknown profile,
key or value is malformed input (:class:`InvalidRecord`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules_engine.errors import InvalidRecord


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: its key, the rule it changes, its default and how to read a value.

    ``parse`` receives the raw JSON value and returns the option's value or raises
    :class:`InvalidRecord` (or :class:`ValueError`) with a short reason.
    """

    key: str
    rule: str
    default: Any
    parse: Callable[[Any], Any]
    #: A mapping-valued option given in part (a table of ``factors``, S3.3) updates the profile's value.
    merge: bool = False


class RuleOptions(Mapping[str, Any]):
    """A frozen mapping of option key -> value, also readable as attributes.

    >>> RuleOptions({"kreuzweis": True}, profile="official").kreuzweis
    True
    """

    __slots__ = ("_values", "profile")

    def __init__(self, values: Mapping[str, Any], profile: str = "seed") -> None:
        object.__setattr__(self, "_values", MappingProxyType(dict(values)))
        object.__setattr__(self, "profile", profile)

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("RuleOptions are frozen")

    def __hash__(self) -> int:
        return hash((self.profile, tuple(sorted((k, repr(v)) for k, v in self._values.items()))))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleOptions):
            return NotImplemented
        return self.profile == other.profile and dict(self._values) == dict(other._values)

    def __repr__(self) -> str:
        return f"RuleOptions({dict(self._values)!r}, profile={self.profile!r})"


def resolve_options(
    game: str,
    specs: Mapping[str, OptionSpec],
    profiles: Mapping[str, Mapping[str, Any]],
    profile: object,
    overrides: object,
) -> RuleOptions:
    """The options in force: defaults, then the profile's values, then the record's.

    :raises InvalidRecord: unknown profile, option key or option value.
    """
    if profile is None:
        profile = "seed"
    if not isinstance(profile, str) or profile not in profiles:
        known = ", ".join(repr(p) for p in profiles)
        raise InvalidRecord(
            f"profile: unknown {game} profile {profile!r} (use one of {known})", field="profile"
        )
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping):
        raise InvalidRecord(f"options must be a JSON object, not {overrides!r}", field="options")
    values = {key: spec.default for key, spec in specs.items()}
    values.update(profiles[profile])
    for key, raw in overrides.items():
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(sorted(specs))
            raise InvalidRecord(f"options: unknown {game} option {key!r} (known: {known})", field="options")
        try:
            parsed = spec.parse(raw)
            values[key] = {**values[key], **parsed} if spec.merge else parsed
        except InvalidRecord as error:
            raise InvalidRecord(f"options.{key}: {error}", field=f"options.{key}") from None
        except (TypeError, ValueError) as error:
            raise InvalidRecord(
                f"options.{key}: invalid value {raw!r} ({error})", field=f"options.{key}"
            ) from None
    return RuleOptions(values, profile)


def choice_of(*choices: Any) -> Callable[[Any], Any]:
    """A parser accepting exactly one of ``choices``."""

    def parse(value: Any) -> Any:
        if isinstance(value, bool) != isinstance(choices[0], bool) or value not in choices:
            raise InvalidRecord(f"unknown value {value!r} (use one of {', '.join(map(repr, choices))})")
        return value

    return parse


def non_negative_int(value: Any) -> int:
    """A parser for counts and point values: a whole number >= 0."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidRecord(f"must be a whole number >= 0, not {value!r}")
    return value
