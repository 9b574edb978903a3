"""The store's error family: callers catch `StoreError`; each message names the input and the reason."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Typed:
    """A member's own words among an error's `params` (a season's name): shown as typed."""

    text: str

    def __str__(self) -> str:
        return self.text


class StoreError(Exception):
    """Base of every error the store raises on purpose.

    `str(error)` is the English sentence (logs, the command line). A refusal a member
    can meet (a grant beyond the limit, a season name taken) also carries a catalog
    `key` and its `params`, so the bot says it in the member's language; `key` is None
    for the errors only a caller's bug or a damaged file can cause.
    """

    def __init__(self, message: str, *, key: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class TableNotFound(StoreError, LookupError):
    """No table has the given id."""


class ChannelBusy(StoreError):
    """The channel already has an active table (one active table per channel)."""


class AlreadySeated(StoreError):
    """The user already holds another seat at this table."""


class ActionSequenceError(StoreError):
    """An action's sequence number is not the next one for its table."""


class DuplicateAction(ActionSequenceError):
    """The sequence number is already taken: a double click or a stale button lost the race."""


class LeaseLost(StoreError):
    """Another process holds this table's lease now: this one may store nothing more for it."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            f"table {table_id} is driven by another process now", key="bot.refuse.moving"
        )
        self.table_id = table_id


class StoreOpenError(StoreError):
    """The database cannot be used: the message names the file and what is wrong with it."""


class StoreUnreachable(StoreOpenError):
    """The database server did not answer (no route, refused, timed out): later it may."""


class IntegrityError(StoreError):
    """A constraint refused a write, on either backend; `columns` names what it guards ("seats.user_id")."""

    def __init__(self, message: str, columns: frozenset[str] = frozenset()) -> None:
        super().__init__(message)
        self.columns = columns
