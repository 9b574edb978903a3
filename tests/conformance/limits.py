"""The limits Discord's developer documentation states that its OpenAPI description leaves out,
each with the page it comes from (`Limit.page`).

A check reads one request body and names what breaks a limit by JSON pointer. Message limits
apply wherever a message is sent or edited (a channel, a webhook, an interaction's response or
follow-up); command limits wherever commands are uploaded.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tests.conformance.spec import escape, locales

DOCS = "https://discord.com/developers/docs"


@dataclass(frozen=True)
class Limit:
    """A documented rule: what it says, and the page that says it."""

    rule: str
    page: str


@dataclass(frozen=True)
class Breach:
    pointer: str
    limit: Limit
    detail: str


CONTENT = Limit("content at most 2,000 characters", f"{DOCS}/resources/message#create-message")
EMBED_TOTAL = Limit(
    "embeds' texts at most 6,000 characters in all",
    f"{DOCS}/resources/message#embed-object-embed-limits",
)
ACTION_ROWS = Limit(
    "at most 5 action rows (without the components-v2 flag)",
    f"{DOCS}/components/reference#action-row",
)
ROW_CONTENT = Limit(
    "a row holds up to 5 buttons or one select, never both",
    f"{DOCS}/components/reference#action-row",
)
UNIQUE_CUSTOM_ID = Limit(
    "custom ids unique within a message",
    f"{DOCS}/components/reference#anatomy-of-a-component-custom-id",
)
BUTTON_KIND = Limit(
    "a link button has a url and no custom id, any other button a custom id and no url;"
    " a label or an emoji",
    f"{DOCS}/components/reference#button",
)
SELECT_VALUES = Limit(
    "min_values <= max_values <= the number of options",
    f"{DOCS}/components/reference#string-select",
)
MENTIONS = Limit(
    "allowed_mentions: `parse` naming users (roles) excludes a `users` (`roles`) list",
    f"{DOCS}/resources/message#allowed-mentions-object-allowed-mentions-reference",
)
ATTACHMENTS = Limit(
    "every uploaded file `files[n]` has its `attachments` entry of id n, and no new entry"
    " lacks its file",
    f"{DOCS}/reference#uploading-files",
)
NAME = Limit(
    "chat-input names match ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, lowercase",
    f"{DOCS}/interactions/application-commands#application-command-object-application-command-naming",
)
LOCALE = Limit("localization keys are Discord locales", f"{DOCS}/reference#locales")
DESCRIPTION = Limit(
    "a chat-input command's description 1-100 characters",
    f"{DOCS}/interactions/application-commands#application-command-object-application-command-structure",
)
OPTION_ORDER = Limit(
    "required options before optional ones",
    f"{DOCS}/interactions/application-commands#application-command-object-application-command-option-structure",
)
COMMAND_SIZE = Limit(
    "a command's names, descriptions and values at most 8,000 characters (longest localization)",
    f"{DOCS}/interactions/application-commands#registering-a-command",
)
COMMAND_COUNT = Limit(
    "at most 100 chat-input commands",
    f"{DOCS}/interactions/application-commands#registering-a-command",
)

MOST_CONTENT, MOST_EMBED_TEXT, MOST_ROWS, MOST_IN_ROW = 2000, 6000, 5, 5
MOST_COMMAND_CHARACTERS, MOST_CHAT_COMMANDS, MOST_DESCRIPTION = 8000, 100, 100
#: The message flag that lifts the five-row layout (components v2).
COMPONENTS_V2 = 1 << 15
#: Top-level option types that are not parameters: a subcommand and a subcommand group.
SUBCOMMAND_TYPES = (1, 2)
BUTTON, STRING_SELECT, LINK_STYLE, PREMIUM_STYLE = 2, 3, 5, 6
#: A real snowflake is at least this; a smaller attachment id is the index of a file in the upload.
SNOWFLAKE_FLOOR = 1 << 22
#: Name characters Discord allows besides letters and numbers (and Devanagari and Thai marks).
NAME_EXTRA = "-_'"


# ---------------------------------------------------------------------------------------- messages


def message_breaches(body: Any, base: str, files: int) -> Iterator[Breach]:
    """Every documented message limit `body` (a message sent or edited) breaks."""
    if not isinstance(body, dict):
        return
    content = body.get("content")
    if isinstance(content, str) and len(content) > MOST_CONTENT:
        yield Breach(f"{base}/content", CONTENT, f"{len(content)} characters")
    yield from embed_breaches(body.get("embeds") or [], f"{base}/embeds")
    yield from component_breaches(body, base)
    yield from mention_breaches(body.get("allowed_mentions"), f"{base}/allowed_mentions")
    yield from attachment_breaches(body.get("attachments") or [], f"{base}/attachments", files)


def embed_text(embed: dict[str, Any]) -> int:
    fields = embed.get("fields") or []
    texts = [
        embed.get("title"),
        embed.get("description"),
        (embed.get("footer") or {}).get("text"),
        (embed.get("author") or {}).get("name"),
        *(field.get("name") for field in fields),
        *(field.get("value") for field in fields),
    ]
    return sum(len(text) for text in texts if isinstance(text, str))


def embed_breaches(embeds: list[Any], base: str) -> Iterator[Breach]:
    total = sum(embed_text(embed) for embed in embeds if isinstance(embed, dict))
    if total > MOST_EMBED_TEXT:
        yield Breach(base, EMBED_TOTAL, f"{total} characters")


def component_breaches(body: dict[str, Any], base: str) -> Iterator[Breach]:
    rows = body.get("components") or []
    flags = body.get("flags") or 0
    if not flags & COMPONENTS_V2 and len(rows) > MOST_ROWS:
        yield Breach(f"{base}/components", ACTION_ROWS, f"{len(rows)} rows")
    seen: dict[str, str] = {}
    for where, component in walk_components(rows, f"{base}/components"):
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                detail = f"{custom_id!r} also at {seen[custom_id]}"
                yield Breach(f"{where}/custom_id", UNIQUE_CUSTOM_ID, detail)
            seen.setdefault(custom_id, where)
        if component.get("type") == 1:
            yield from row_breaches(component, where)
        elif component.get("type") == BUTTON:
            yield from button_breaches(component, where)
        elif component.get("type") == STRING_SELECT:
            yield from select_breaches(component, where)


def walk_components(components: list[Any], base: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for index, component in enumerate(components):
        if isinstance(component, dict):
            where = f"{base}/{index}"
            yield where, component
            yield from walk_components(component.get("components") or [], f"{where}/components")


def row_breaches(row: dict[str, Any], where: str) -> Iterator[Breach]:
    kinds = [child.get("type") for child in row.get("components") or [] if isinstance(child, dict)]
    buttons = kinds.count(BUTTON)
    selects = len(kinds) - buttons
    if buttons > MOST_IN_ROW or selects > 1 or (selects and buttons):
        yield Breach(f"{where}/components", ROW_CONTENT, f"{buttons} buttons, {selects} selects")


def button_breaches(button: dict[str, Any], where: str) -> Iterator[Breach]:
    style = button.get("style")
    has_id, has_url = button.get("custom_id") is not None, button.get("url") is not None
    if style == LINK_STYLE:
        wrong = not has_url or has_id
    elif style == PREMIUM_STYLE:
        wrong = has_id or has_url
    else:
        wrong = not has_id or has_url
    if style != PREMIUM_STYLE and not (button.get("label") or button.get("emoji")):
        wrong = True
    if wrong:
        yield Breach(where, BUTTON_KIND, f"style {style}")


def select_breaches(select: dict[str, Any], where: str) -> Iterator[Breach]:
    options = len(select.get("options") or [])
    least, most = select.get("min_values", 1), select.get("max_values", 1)
    if isinstance(least, int) and isinstance(most, int) and not least <= most <= options:
        yield Breach(where, SELECT_VALUES, f"{least} to {most} of {options} options")


def mention_breaches(mentions: Any, base: str) -> Iterator[Breach]:
    if not isinstance(mentions, dict):
        return
    parse = mentions.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and mentions.get(kind):
            yield Breach(f"{base}/{kind}", MENTIONS, f"`parse` has {kind!r} and a list of them")


def attachment_breaches(entries: list[Any], base: str, files: int) -> Iterator[Breach]:
    ids = [entry.get("id") for entry in entries if isinstance(entry, dict)]
    new = {int(i) for i in ids if str(i).isdigit() and int(i) < SNOWFLAKE_FLOOR}
    for missing in sorted(set(range(files)) - new):
        yield Breach(base, ATTACHMENTS, f"files[{missing}] has no entry")
    for orphan in sorted(new - set(range(files))):
        yield Breach(base, ATTACHMENTS, f"entry {orphan} has no file")


# ---------------------------------------------------------------------------------------- commands


def commands_breaches(commands: Any, base: str) -> Iterator[Breach]:
    """Every documented limit a bulk upload of commands breaks."""
    if not isinstance(commands, list):
        return
    chat = [c for c in commands if isinstance(c, dict) and c.get("type", 1) in (1, None)]
    if len(chat) > MOST_CHAT_COMMANDS:
        yield Breach(base, COMMAND_COUNT, f"{len(chat)} chat-input commands")
    for index, command in enumerate(commands):
        yield from command_breaches(command, f"{base}/{index}")


def command_breaches(command: Any, base: str) -> Iterator[Breach]:
    """Every documented limit one command breaks."""
    if not isinstance(command, dict):
        return
    chat_input = command.get("type") in (1, None)
    size = characters(command)
    if size > MOST_COMMAND_CHARACTERS:
        yield Breach(base, COMMAND_SIZE, f"{size} characters")
    if chat_input:
        description = command.get("description") or ""
        if not 1 <= len(description) <= MOST_DESCRIPTION:
            yield Breach(f"{base}/description", DESCRIPTION, f"{len(description)} characters")
    yield from node_breaches(command, base, named=chat_input)


def node_breaches(node: dict[str, Any], base: str, *, named: bool) -> Iterator[Breach]:
    """Names, localizations and option order of a command or option, then of its options."""
    if named:
        yield from name_breaches(node, base)
    for field in ("name_localizations", "description_localizations"):
        for key in node.get(field) or {}:
            if key not in locales():
                yield Breach(f"{base}/{field}/{escape(key)}", LOCALE, repr(key))
    for index, choice in enumerate(node.get("choices") or []):
        yield from node_breaches(choice, f"{base}/choices/{index}", named=False)
    options = [option for option in node.get("options") or [] if isinstance(option, dict)]
    optional_seen = False
    for index, option in enumerate(options):
        where = f"{base}/options/{index}"
        if option.get("type") not in SUBCOMMAND_TYPES:
            if option.get("required") and optional_seen:
                yield Breach(where, OPTION_ORDER, f"{option.get('name')!r} after an optional one")
            optional_seen = optional_seen or not option.get("required")
        yield from node_breaches(option, where, named=True)


def name_breaches(node: dict[str, Any], base: str) -> Iterator[Breach]:
    names = {"/name": node.get("name")}
    names |= {
        f"/name_localizations/{escape(key)}": value
        for key, value in (node.get("name_localizations") or {}).items()
    }
    for where, name in names.items():
        if isinstance(name, str) and not valid_name(name):
            yield Breach(f"{base}{where}", NAME, repr(name))


def valid_name(name: str) -> bool:
    """Discord's naming pattern for chat-input commands and options, in lowercase (the spec
    holds the length)."""
    return name == name.lower() and all(map(name_character, name))


def name_character(character: str) -> bool:
    if character in NAME_EXTRA:
        return True
    category = unicodedata.category(character)
    if category[0] in "LN":
        return True
    devanagari_or_thai = "\u0900" <= character <= "\u097f" or "\u0e00" <= character <= "\u0e7f"
    return devanagari_or_thai and category[0] == "M"


def longest(node: dict[str, Any], field: str) -> int:
    """A field's length as Discord counts it: the longest of the default and its localizations."""
    texts = [str(node.get(field) or ""), *(node.get(f"{field}_localizations") or {}).values()]
    return max(map(len, texts))


def characters(node: dict[str, Any]) -> int:
    """A command's, option's or choice's names, descriptions and values, with its children."""
    own = longest(node, "name") + longest(node, "description") + len(str(node.get("value", "")))
    children = [*(node.get("options") or ()), *(node.get("choices") or ())]
    return own + sum(characters(child) for child in children if isinstance(child, dict))


#: A checker reads a body (and the number of files uploaded with it) at a pointer.
Checker = Callable[[Any, str, int], Iterator[Breach]]
