"""The bot's one refusal type, and the engine's refusals with their English text.

`Refusal` lives here, in the bottom layer, so that every layer above (the services, the store,
the web) raises the same type. Each refusal has a catalog key and parameters so that the bot
can say it in the reader's language (`bot.i18n.describe_error`); for the engine's own refusals
(`IllegalAction`, `OptionError`) `str(error)` is the English sentence, naming the rule broken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: English templates; `bot/i18n` holds the same keys for other languages.
MESSAGES: dict[str, str] = {
    "bad_action": "not an action: {text}",
    "game_over": "the game is over",
    "not_your_turn": "it is not your turn",
    "not_now": "you cannot {action} now",
    "not_in_hand": "{card} is not in your hand",
    "must_follow": "you must follow suit: you hold {suit}",
    "must_head": "you must beat the trick if you can: play a higher {suit}",
    "must_trump": "you have no {led}, so you must play a trump ({suit})",
    "must_overtrump": "you must play a trump higher than {card}",
    "not_a_meld": "{cards} is not a meld",
    "meld_needs_trump": "{meld} needs a trump suit, and none is fixed yet",
    "meld_not_held": "you do not hold {cards}",
    "meld_needs_hand_card": "a meld must include at least one card from your hand",
    "meld_reuse": "{card} was already used in a {meld_class} meld and cannot count in another",
    "one_meld_per_turn": "only one meld per won trick",
    "no_dix": "you hold no undeclared {card} to show",
    "no_exchange_done": "the dix cannot be exchanged: one exchange per deal has been made",
    "no_exchange_turnup": "the dix cannot be exchanged: the turn-up is itself a dix or already taken",
    "exchange_first": "the first dix declared must be exchanged for the turn-up",
    "bid_too_low": "the minimum bid is {minimum}",
    "bid_not_higher": "a bid must be higher than {high}",
    "bid_step": "bids go up in steps of {step}",
    "give_count": "pass exactly {count} cards to your partner",
    "bid_needs_marriage": "you need a marriage (a king and queen of one suit) to bid",
    "bid_forced": "everyone passed: the dealer must bid at least {minimum}",
    "trump_needs_marriage": "you may only name a suit in which you hold a marriage",
    "not_legal": "{action} is not legal now",
    "too_many_cards": "a meld has at most {limit} cards",
    # House-rule options (RULES §11): names and values the bot or a caller gave.
    "unknown_option": "unknown option {name}",
    "unknown_option_prefix": "unknown option {name} (write {option}, without 'opt.')",
    "not_house_rule": "there is no house rule called {name}",
    "honour_only_option": "{name} says how to punish an illegal play or bid, and this bot refuses those as they are made, so the option never applies",
    "target_not_house_rule": "the game target is set by its own option, target, not among the house rules",
    "option_not_one_of": "option {name}: {value} is not one of {allowed}",
    "option_not_switch": "option {name}: {value} is not on or off",
    "option_not_multiple_of_10": "option {name}: {value} is not allowed (a positive multiple of 10)",
    "option_not_bonus": "option {name}: {value} is not allowed (0 to 1000 in tens)",
    "pack64_two_handed": "option pack64: the 64-card pack is for two-handed games only",
    # A game refuses an option it does not play (RULES §13, §14), saying why.
    "option_unplayed_other_game": "option {name}: {game} does not play it (a rule of another game, {source})",
    "option_unplayed_bidder_first": "option {name}: {game} does not play it: the game ends after a deal is scored, the bidding side counted first (F-10)",
    "option_unplayed_side_meld": "option {name}: {game} does not play it: a side's melds count together once it takes a trick (F-8)",
    "option_unplayed_meld_time": "option {name}: {game} does not play it: everyone melds at once after the passing, before the first card (F-6)",
    "option_unplayed_ladder": "option {name}: {game} does not play it: the ladder of raises is the double deck's (H-3); set bid_increment",
    "option_unplayed_meld_table": "option {name}: {game} does not play it: the double deck has its own meld table (H-7)",
    "option_unplayed_count": "option {name}: {game} does not play it: the double deck has its own count (H-9)",
    "bid_over_ceiling": "no deal here can be worth more than {ceiling}: the most meld a side can hold and every card point; bid at most {ceiling}",
}

#: The most characters of a person's own text that a refusal repeats back to them.
ECHO_LIMIT = 60


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` cut to `limit` characters, ending in "…" when cut: what a refusal repeats of a person's
    text, so no refusal outgrows its message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Refusal(ValueError):
    """The one error a person is told: raised by the engine, the services, the store and the web.

    `key` is a full catalog key ("bot.refuse.not_your_turn", "game.error.must_follow",
    "chips.refuse.amount_limit", "web.error.bad_page"); `params` fill its text and may be objects
    the speaking layer puts into words (a seat, a member's own words, another `Refusal`);
    `table` (positional, for the table service) lets that layer name the players; `rule` is the
    RULES id that refuses it, if any. Every surface answers it in one handler, privately and in
    the reader's language (`bot.i18n.describe_error`); a refused call changes nothing.
    """

    def __init__(
        self, key: str, table: object | None = None, /, *, rule: str | None = None, **params: Any
    ) -> None:
        super().__init__(key)
        self.key = key
        self.table = table
        self.rule = rule
        self.params: dict[str, Any] = params


@dataclass(frozen=True)
class Typed:
    """A person's own words among a refusal's `params` (a season's name): shown as typed."""

    text: str

    def __str__(self) -> str:
        return self.text


#: The catalog domain of the engine's refusals (`game.error.<name>`).
GAME_ERRORS = "game.error."


class PinochleError(Refusal):
    """An engine refusal: one of `MESSAGES` by name; `str(error)` is its English sentence with the
    rule id, for logs and the engine's command line."""

    def __init__(self, name: str, /, rule: str | None = None, **params: Any):
        super().__init__(GAME_ERRORS + name, rule=rule, **{k: str(v) for k, v in params.items()})
        self.name = name
        self.args = (f"{self.text} ({rule})" if rule else self.text,)

    @property
    def text(self) -> str:
        """The English sentence without the rule id."""
        return MESSAGES[self.name].format(**self.params)


class IllegalAction(PinochleError):
    """An action that the rules refuse now; the game is unchanged."""


class OptionError(PinochleError):
    """A house-rule option (RULES §11) that cannot be used: an unknown name or a value it does not take."""
