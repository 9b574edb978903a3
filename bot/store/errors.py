"""The store's error family: callers catch `StoreError`; each message names the input and the reason."""


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class TableNotFound(StoreError, LookupError):
    """No table has the given id."""


class ChannelBusy(StoreError):
    """The channel already has an active table (issue 4: one active table per channel)."""


class AlreadySeated(StoreError):
    """The user already holds another seat at this table."""


class ActionSequenceError(StoreError):
    """An action's sequence number is not the next one for its table."""


class DuplicateAction(ActionSequenceError):
    """The sequence number is already taken: a double click or a stale button lost the race."""


class StoreOpenError(StoreError):
    """The database cannot be used: the message names the file and what is wrong with it."""


class IntegrityError(StoreError):
    """A constraint refused a write, on either backend; `columns` names what it guards ("seats.user_id")."""

    def __init__(self, message: str, columns: frozenset[str] = frozenset()) -> None:
        super().__init__(message)
        self.columns = columns
