"""A read-only mapping that can be hashed and pickled: `FrozenMap`.

What the engine and the table service hand out must not change under the
reader, and views cross into the thinking pool's worker processes, so they
must pickle. A `types.MappingProxyType` cannot be pickled, and a plain dict can
be written to; a `FrozenMap` is neither. It keeps its entries as a tuple of
pairs (what it is, and how it pickles and hashes) beside a private dict for
lookups, so `get`, `items()` and indexing cost what a dict's do.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable mapping, kept in the order it was given; equal to any mapping with its entries."""

    __slots__ = ("_lookup", "_pairs")

    _pairs: tuple[tuple[K, V], ...]
    _lookup: dict[K, V]

    def __init__(self, entries: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        lookup = dict(entries)
        object.__setattr__(self, "_lookup", lookup)
        object.__setattr__(self, "_pairs", tuple(lookup.items()))

    @property
    def pairs(self) -> tuple[tuple[K, V], ...]:
        """The entries as (key, value) pairs, in order: what a dict is rebuilt from fastest."""
        return self._pairs

    def __getitem__(self, key: K) -> V:
        return self._lookup[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._lookup)

    def __len__(self) -> int:
        return len(self._pairs)

    def __contains__(self, key: object) -> bool:
        return key in self._lookup

    def get(self, key: K, default: Any = None) -> Any:
        return self._lookup.get(key, default)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a FrozenMap cannot be changed ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a FrozenMap cannot be changed ({name})")

    def __hash__(self) -> int:
        return hash(frozenset(self._pairs))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._lookup == other._lookup
        if isinstance(other, Mapping):
            return self._lookup == dict(other.items())
        return NotImplemented

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[tuple[tuple[K, V], ...]]]:
        return (type(self), (self._pairs,))

    def __repr__(self) -> str:
        return f"FrozenMap({self._lookup!r})"
