"""Loading the message catalogs and looking texts up (see the package docstring for the layout).

A `Catalog` is an immutable map language -> key -> template. `Catalog.load`
reads `locales/<lang>/<domain>.json`: each file is one domain, its nested
objects are flattened with dots, and the domain is the first part of every
key, so two files can never define the same key. Anything a translator could
get wrong (a duplicate key, a dot inside a key, a number where text belongs)
stops the load with a `CatalogError` naming the file and the key.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .languages import check_language

log = logging.getLogger(__name__)

#: The project's catalogs: one directory per language, one JSON file per domain.
LOCALES = Path(__file__).with_name("locales")

_DOMAIN = re.compile(r"[a-z][a-z0-9_]*")


class CatalogError(ValueError):
    """A catalog file that cannot be used as it is; the message names the file and key."""


class Catalog:
    """Templates per language, with English as the fallback of every other language."""

    def __init__(self, messages: Mapping[str, Mapping[str, str]]):
        if "en" not in messages:
            raise CatalogError("a catalog needs English: it is every other language's fallback")
        self._messages = {lang: dict(texts) for lang, texts in messages.items()}
        self._warned: set[tuple[str, str]] = set()

    @classmethod
    def load(cls, root: Path) -> Catalog:
        """Read every `root/<lang>/*.json`."""
        messages: dict[str, dict[str, str]] = {}
        for lang_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            texts = messages.setdefault(lang_dir.name, {})
            for path in sorted(lang_dir.glob("*.json")):
                if not _DOMAIN.fullmatch(path.stem):
                    raise CatalogError(
                        f"{path}: a domain file is named in lower case, like game.json"
                    )
                try:
                    tree = json.loads(
                        path.read_text(encoding="utf-8"), object_pairs_hook=_no_duplicates(path)
                    )
                except json.JSONDecodeError as exc:
                    raise CatalogError(f"{path}: not valid JSON: {exc}") from None
                if not isinstance(tree, dict):
                    raise CatalogError(f"{path}: the file must hold one JSON object")
                _flatten(tree, path.stem, texts, path)
        return cls(messages)

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(sorted(self._messages))

    def keys(self, lang: str) -> frozenset[str]:
        """Every key that `lang` itself defines (no fallback)."""
        return frozenset(self._messages.get(lang, ()))

    def lookup(self, key: str, lang: str) -> str | None:
        """The raw template of `key` in exactly `lang`, or None."""
        return self._messages.get(lang, {}).get(key)

    def text(self, key: str, lang: str, /, **params: Any) -> str:
        """`key` in `lang`, formatted with `params`.

        A key missing in `lang` falls back to English and is logged once; a key
        missing in English raises KeyError (the code asked for a text nobody wrote).
        """
        check_language(lang)
        template = self.lookup(key, lang)
        if template is None:
            template = self.lookup(key, "en")
            if template is None:
                raise KeyError(f"no text {key!r} in the English catalog")
            if (lang, key) not in self._warned:
                self._warned.add((lang, key))
                log.warning("catalog %s has no %r; using English", lang, key)
        return template.format(**params)


def _no_duplicates(path: Path) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise CatalogError(f"{path}: key {key!r} appears twice in one object")
            seen[key] = value
        return seen

    return hook


def _flatten(node: Any, prefix: str, out: dict[str, str], path: Path) -> None:
    if isinstance(node, str):
        out[prefix] = node
        return
    if not isinstance(node, dict):
        raise CatalogError(
            f"{path}: {prefix!r} must be text or an object, not {type(node).__name__}"
        )
    for key, child in node.items():
        if not key or "." in key:
            raise CatalogError(
                f"{path}: key {key!r} under {prefix!r} must be non-empty and without dots"
            )
        _flatten(child, f"{prefix}.{key}", out, path)


@cache
def catalog() -> Catalog:
    """The project's catalog: the files under LOCALES, every language's texts (the engine's
    refusals' English included, `game.error.<name>` in `locales/en/game.json`)."""
    return Catalog.load(LOCALES)


def t(key: str, lang: str, /, **params: Any) -> str:
    """The text `key` in `lang` ("en" or "ru"), formatted with str.format `params`."""
    return catalog().text(key, lang, **params)
