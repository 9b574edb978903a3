"""The store's error family: callers catch `StoreError`, a refusal or an error for the log.

A refusal a member can meet (a grant beyond the limit, a season name taken) is raised as a
`StoreRefusal`: a `StoreError` that is also the bot's one `Refusal`, a catalog key and its
parameters and no sentence, so every surface says it in the member's language and `str` is its
English text once the language layer is loaded. The rest are errors only a caller's bug or a
damaged file can cause; their messages are for the log.
"""

from bot.game.errors import Refusal


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class StoreRefusal(StoreError, Refusal):
    """A store error a member can meet: a `Refusal` (`StoreRefusal(key, **params)`), raised as the
    family's own refusal class (`LedgerRefusal`, ...)."""


class TableNotFound(StoreError, LookupError):
    """No table has the given id."""


class ChannelBusy(StoreRefusal):
    """The channel already has an active table (one active table per channel): `table_id` names it."""

    def __init__(self, channel_id: int, table_id: int) -> None:
        super().__init__("bot.refuse.table_exists", channel_id=channel_id, table_id=table_id)


class AlreadySeated(StoreError):
    """The user already holds another seat at this table."""


class ActionSequenceError(StoreError):
    """An action's sequence number is not the next one for its table."""


class DuplicateAction(ActionSequenceError):
    """The sequence number is already taken: a double click or a stale button lost the race."""


class LeaseLost(StoreRefusal):
    """Another process holds this table's lease now: this one may store nothing more for it."""

    def __init__(self, table_id: int) -> None:
        super().__init__("bot.refuse.moving", table_id=table_id)


class StoreOpenError(StoreError):
    """The database cannot be used: the message names the file and what is wrong with it."""


class StoreUnreachable(StoreOpenError):
    """The database server did not answer (no route, refused, timed out): later it may."""


class IntegrityError(StoreError):
    """A constraint refused a write, on either backend; `columns` names what it guards ("seats.user_id")."""

    def __init__(self, message: str, columns: frozenset[str] = frozenset()) -> None:
        super().__init__(message)
        self.columns = columns
