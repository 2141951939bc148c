"""A game state as JSON and back, driven by the state class's own type annotations.

A stored state lets a long game open without replaying every move (the save store
keeps one as a checkpoint). Decoding is strict: every value must have exactly the
type its annotation names, every field must be there and no other, so a damaged or
outdated checkpoint is refused with ValueError instead of becoming a wrong state.

Types understood: int, str, bool, None, unions with None, tuple[X, ...], fixed
tuples, list[X], frozenset[X], dict[K, V] (stored as pairs), random.Random (its
state), frozen dataclasses of those, and the raw events of `rules.events`, whose
details are JSON values and tuples of them (checked for their shape here, in full
when read: a history of thousands of events is mostly never read).
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from collections.abc import Callable
from typing import Any

from rules.events import EventArchive, EventHistory

JSONValue = Any
Encoder = Callable[[Any], JSONValue]
Decoder = Callable[[JSONValue], Any]


class StateCodec:
    """Encodes and decodes states of one EventHistory subclass with `__slots__`.

    `caches` are slots that only memoise what the other slots determine: they are
    not stored and decode as None.
    """

    def __init__(self, cls: type[EventHistory], caches: tuple[str, ...] = ("legal",)) -> None:
        self.cls = cls
        hints = typing.get_type_hints(cls)
        slots = sorted(name for name in cls.__slots__ if name not in caches)
        self.caches = caches
        self.fields = {name: _codec(hints[name]) for name in slots}

    def encode(self, state: EventHistory) -> dict[str, JSONValue]:
        """The state as JSON values; TypeError if it holds something the types do not say."""
        data = {name: encode(getattr(state, name)) for name, (encode, _) in self.fields.items()}
        data["events"] = [_encode_detail(event) for event in state.events]
        return data

    def decode(self, data: JSONValue) -> EventHistory:
        """The state `encode` gave `data` for; ValueError if `data` is not exactly that."""
        try:
            return self._decode(data)
        except ValueError:
            raise
        except (TypeError, KeyError, IndexError, OverflowError) as err:
            raise ValueError(f"not a stored state ({err})") from None

    def _decode(self, data: JSONValue) -> EventHistory:
        _expect(isinstance(data, dict), "a state", data)
        wanted = set(self.fields) | {"events"}
        if set(data) != wanted:
            odd = sorted(set(data) ^ wanted)
            raise ValueError(f"stored state fields differ: {', '.join(odd)}")
        state = self.cls.__new__(self.cls)
        for name, (_, decode) in self.fields.items():
            setattr(state, name, decode(data[name]))
        for name in self.caches:
            setattr(state, name, None)
        events = data["events"]
        _expect(isinstance(events, list), "a list of events", events)
        if not all(type(event) is list and event for event in events):
            raise ValueError("a stored event is not a list of details")
        state.restore(EventArchive(events, _decode_detail))
        return state


def _codec(hint: Any) -> tuple[Encoder, Decoder]:
    """The encoder and decoder for values annotated `hint`."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in (int, str, bool):
        return _scalar(hint)
    if hint is type(None):
        return _none, _decode_none
    if origin in (typing.Union, types.UnionType):
        return _union(args)
    if hint is random.Random:
        return _encode_random, _decode_random
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(args[0], tuple)
        return _fixed_tuple(args)
    if origin is list:
        return _sequence(args[0], list)
    if origin is frozenset:
        return _set(args[0])
    if origin is dict:
        return _mapping(args[0], args[1])
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint)
    raise TypeError(f"a state field of type {hint!r} cannot be stored")


def _expect(ok: bool, what: str, value: Any) -> None:
    if not ok:
        raise ValueError(f"expected {what}, not {type(value).__name__}")


def _scalar(kind: type) -> tuple[Encoder, Decoder]:
    def encode(value: Any) -> JSONValue:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, not {type(value).__name__}")
        return value

    def decode(value: JSONValue) -> Any:
        _expect(type(value) is kind, kind.__name__, value)
        return value

    return encode, decode


def _none(value: Any) -> None:
    if value is not None:
        raise TypeError(f"expected None, not {type(value).__name__}")


def _decode_none(value: JSONValue) -> None:
    _expect(value is None, "null", value)


def _union(args: tuple[Any, ...]) -> tuple[Encoder, Decoder]:
    others = [arg for arg in args if arg is not type(None)]
    if len(others) != 1 or len(args) != 2:
        raise TypeError(f"only X | None unions can be stored, not {args!r}")
    encode, decode = _codec(others[0])
    return (
        lambda value: None if value is None else encode(value),
        lambda value: None if value is None else decode(value),
    )


def _sequence(item: Any, kind: type[list[Any]] | type[tuple[Any, ...]]) -> tuple[Encoder, Decoder]:
    encode, decode = _codec(item)

    def encode_all(value: Any) -> JSONValue:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, not {type(value).__name__}")
        return [encode(x) for x in value]

    def decode_all(value: JSONValue) -> Any:
        _expect(isinstance(value, list), "a list", value)
        return kind(decode(x) for x in value)

    return encode_all, decode_all


def _fixed_tuple(items: tuple[Any, ...]) -> tuple[Encoder, Decoder]:
    codecs = [_codec(item) for item in items]

    def encode(value: Any) -> JSONValue:
        if type(value) is not tuple or len(value) != len(codecs):
            raise TypeError(f"expected a {len(codecs)}-tuple, not {value!r}")
        return [enc(x) for (enc, _), x in zip(codecs, value, strict=True)]

    def decode(value: JSONValue) -> Any:
        _expect(isinstance(value, list) and len(value) == len(codecs), "a fixed list", value)
        return tuple(dec(x) for (_, dec), x in zip(codecs, value, strict=True))

    return encode, decode


def _set(item: Any) -> tuple[Encoder, Decoder]:
    encode, decode = _codec(item)

    def encode_all(value: Any) -> JSONValue:
        if type(value) is not frozenset:
            raise TypeError(f"expected frozenset, not {type(value).__name__}")
        return sorted(encode(x) for x in value)

    def decode_all(value: JSONValue) -> Any:
        _expect(isinstance(value, list), "a list", value)
        return frozenset(decode(x) for x in value)

    return encode_all, decode_all


def _mapping(key: Any, item: Any) -> tuple[Encoder, Decoder]:
    pair_encode, pair_decode = _fixed_tuple((key, item))

    def encode(value: Any) -> JSONValue:
        if type(value) is not dict:
            raise TypeError(f"expected dict, not {type(value).__name__}")
        return [pair_encode(pair) for pair in value.items()]

    def decode(value: JSONValue) -> Any:
        _expect(isinstance(value, list), "a list of pairs", value)
        pairs = [pair_decode(pair) for pair in value]
        found = dict(pairs)
        if len(found) != len(pairs):
            raise ValueError("a stored mapping repeats a key")
        return found

    return encode, decode


def _dataclass(cls: type) -> tuple[Encoder, Decoder]:
    hints = typing.get_type_hints(cls)
    codecs = {f.name: _codec(hints[f.name]) for f in dataclasses.fields(cls)}

    def encode(value: Any) -> JSONValue:
        if type(value) is not cls:
            raise TypeError(f"expected {cls.__name__}, not {type(value).__name__}")
        return {name: enc(getattr(value, name)) for name, (enc, _) in codecs.items()}

    def decode(value: JSONValue) -> Any:
        _expect(isinstance(value, dict) and set(value) == set(codecs), cls.__name__, value)
        return cls(**{name: dec(value[name]) for name, (_, dec) in codecs.items()})

    return encode, decode


def _encode_random(value: Any) -> JSONValue:
    if type(value) is not random.Random:
        raise TypeError(f"expected random.Random, not {type(value).__name__}")
    version, internal, gauss = value.getstate()
    return [version, list(internal), gauss]


RANDOM_VERSION = random.Random().getstate()[0]
MT_WORDS = 624
"""The Mersenne Twister's state: 624 words of 32 bits and a position in them."""


def _decode_random(value: JSONValue) -> random.Random:
    _expect(isinstance(value, list) and len(value) == 3, "a generator state", value)
    version, internal, gauss = value
    _expect(isinstance(internal, list) and len(internal) == MT_WORDS + 1, "a state", internal)
    words, position = internal[:MT_WORDS], internal[MT_WORDS]
    if version != RANDOM_VERSION or type(version) is not int:
        raise ValueError(f"a stored generator state of another version ({version!r})")
    if not all(type(x) is int and 0 <= x < 2**32 for x in words) or not any(words):
        raise ValueError("a stored generator state holds other values than 32-bit words")
    if type(position) is not int or not 0 < position <= MT_WORDS:
        raise ValueError("a stored generator state has no valid position")
    if not (gauss is None or type(gauss) is float):
        raise ValueError("a stored generator state has a stray value")
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _encode_detail(value: Any) -> JSONValue:
    """An event or one of its details: JSON scalars and tuples of them, as lists."""
    if value is None or type(value) in (int, str, bool, float):
        return value
    if type(value) is tuple:
        return [_encode_detail(x) for x in value]
    raise TypeError(f"an event holds a {type(value).__name__}, which cannot be stored")


_DETAILS = (int, str, bool, float, type(None))


def _decode_detail(value: JSONValue) -> Any:
    """An event or one of its details, lists turned back into tuples (written out as a
    loop: a long game has tens of thousands of events to decode)."""
    if type(value) is not list:
        _expect(type(value) in _DETAILS, "an event detail", value)
        return value
    items = []
    for item in value:
        kind = type(item)
        if kind is list:
            items.append(_decode_detail(item))
        elif kind in _DETAILS:
            items.append(item)
        else:
            _expect(False, "an event detail", item)
    return tuple(items)
