"""A player's hand: grouped by suit with trump first, legal cards (RULES §8) raised, the rest dimmed."""

from __future__ import annotations

import itertools

from bot.game.cards import Suit, make_pack, parse_cards, sort_hand
from bot.render import render_hand
from bot.render import theme as t
from bot.render.hand import HEIGHT, RAISE, card_positions
from tests.render.pictures import corner_pip, decode, is_black, is_felt, is_gold, is_red

TOP = t.PAD + t.HEADER_H  # top of a raised card; the others sit RAISE lower
# Three-handed, all 48 cards dealt 16 each (RULES C-2).
SIXTEEN = parse_cards("A♠ 10♠ K♠ Q♠ A♥ 10♥ 9♥ K♦ Q♦ J♦ 9♦ A♣ 10♣ K♣ J♣ 9♣")
TWELVE = parse_cards("A♠ K♠ Q♠ J♠ 10♥ 9♥ Q♦ J♦ A♣ 10♣ K♣ Q♣")


def test_every_hand_has_the_same_height_and_a_sane_width() -> None:
    """One card, twelve (two- and four-handed) or sixteen (three-handed): the board does not jump."""
    sizes = {n: decode(render_hand(SIXTEEN[:n], trump=Suit.HEARTS)).size for n in (1, 6, 12, 16)}
    assert {h for _, h in sizes.values()} == {HEIGHT}
    widths = [sizes[n][0] for n in (1, 6, 12, 16)]
    assert widths == sorted(widths) and len(set(widths)) == 4
    assert 500 < sizes[16][0] <= 700  # fits a Discord message without heavy scaling
    assert decode(render_hand(TWELVE, trump=Suit.HEARTS)).size[1] == HEIGHT


def test_cards_are_grouped_by_suit_with_trump_first() -> None:
    """The input order does not matter: the hand is shown as `sort_hand` orders it."""
    shuffled = list(reversed(SIXTEEN))
    assert render_hand(shuffled, trump=Suit.CLUBS) == render_hand(SIXTEEN, trump=Suit.CLUBS)
    for trump, first_is in ((Suit.CLUBS, is_black), (Suit.HEARTS, is_red), (Suit.DIAMONDS, is_red)):
        img = decode(render_hand(SIXTEEN, trump=trump))
        assert first_is(img.getpixel(corner_pip(t.PAD, TOP + RAISE))), trump


def test_suits_are_separated_by_a_gap() -> None:
    hand = sort_hand(SIXTEEN, Suit.HEARTS)
    xs = card_positions(hand)
    steps = [b - a for a, b in itertools.pairwise(xs)]
    changes = [i for i in range(1, len(hand)) if hand[i].suit is not hand[i - 1].suit]
    assert len(changes) == 3
    assert all(steps[i - 1] > min(steps) for i in changes)


def test_legal_cards_are_raised_in_gold_and_the_others_dimmed() -> None:
    """During the play-off only some cards may be played (RULES P-1...); the picture shows which."""
    hand = sort_hand(TWELVE, Suit.SPADES)  # ♠ first: A♠ K♠ Q♠ J♠ ...
    legal = [c for c in hand if c.suit is Suit.SPADES]
    plain = decode(render_hand(hand, trump=Suit.SPADES))
    marked = decode(render_hand(hand, trump=Suit.SPADES, legal=legal))
    assert plain.size == marked.size
    xs = card_positions(hand)
    first, last = xs[0], xs[-1]
    # A legal card stands RAISE pixels higher, framed in gold; an illegal one stays down.
    assert is_gold(marked.getpixel((first + t.CARD_W // 2 - 20, TOP + 1)))
    assert is_felt(plain.getpixel((first + t.CARD_W // 2 - 20, TOP + 1)))
    assert is_felt(marked.getpixel((last + t.CARD_W // 2, TOP + 1)))
    # The white of an illegal card is greyed; a legal card keeps its white face.
    face = (last + t.CARD_W // 2, TOP + RAISE + t.CARD_H - 12)
    assert plain.getpixel(face) == t.CARD_FACE
    assert sum(marked.getpixel(face)) < sum(t.CARD_FACE) - 150
    assert marked.getpixel((first + 12, TOP + t.CARD_H - 12)) == t.CARD_FACE


def test_legal_cards_outside_the_hand_are_ignored() -> None:
    """In the stock phase a player may also play his table melds (RULES P-0); only the hand is drawn."""
    hand = TWELVE[:4]
    extra = parse_cards("A♥ 10♦")
    assert render_hand(hand, legal=[hand[0], *extra]) == render_hand(hand, legal=[hand[0]])


def test_trump_badge_only_when_trump_is_known() -> None:
    badge_spot = (t.PAD + 6, t.PAD + t.BADGE_H // 2)
    with_trump = decode(render_hand(TWELVE, trump=Suit.DIAMONDS))
    without = decode(render_hand(TWELVE))
    assert not is_felt(with_trump.getpixel(badge_spot))
    assert without.crop((0, 0, without.width, t.PAD + t.HEADER_H)).getcolors() == [
        (without.width * (t.PAD + t.HEADER_H), t.FELT)
    ]


def test_trump_badge_shows_the_trump_suit_and_the_language() -> None:
    pictures = {render_hand(TWELVE[:2], trump=s, lang=lang) for s in Suit for lang in ("en", "ru")}
    assert len(pictures) == 8


def test_badge_widens_a_one_card_hand() -> None:
    """ "Козырь ♥" is wider than one card; the picture grows to hold it instead of cutting it."""
    img = decode(render_hand(TWELVE[:1], trump=Suit.HEARTS, lang="ru"))
    assert img.width > t.PAD + t.CARD_W + t.PAD
    assert is_felt(img.getpixel((img.width - 1, t.PAD + t.BADGE_H // 2)))


def test_sixty_four_card_pack_hand() -> None:
    """With the 64-card pack (RULES A-14) 8s and 7s sort below the 9."""
    hand = parse_cards("7♠ A♠ 8♠ 9♠ 7♥ 8♥")
    assert render_hand(hand, trump=Suit.SPADES) == render_hand(
        sort_hand(hand, Suit.SPADES), trump=Suit.SPADES
    )
    img = decode(render_hand(make_pack(True)[:16]))
    assert img.size[1] == HEIGHT


def test_empty_hand_is_a_small_picture() -> None:
    img = decode(render_hand([], lang="ru"))
    assert img.width < 300 and img.height < HEIGHT
    text = [colour for _, colour in img.getcolors(10_000) if not is_felt(colour)]
    assert text, "the picture says there are no cards"
    assert render_hand([], lang="ru") != render_hand([], lang="en")


def test_language_tags_are_normalised() -> None:
    """Discord locales ("ru", "en-US", "en-GB") pick the picture language; unknown ones fall back to English."""
    hand = TWELVE[:3]
    assert render_hand(hand, trump=Suit.HEARTS, lang="ru-RU") == render_hand(
        hand, trump=Suit.HEARTS, lang="ru"
    )
    assert render_hand(hand, trump=Suit.HEARTS, lang="en-US") == render_hand(
        hand, trump=Suit.HEARTS, lang="en"
    )
    assert render_hand(hand, trump=Suit.HEARTS, lang="de") == render_hand(
        hand, trump=Suit.HEARTS, lang="en"
    )


def test_a_double_deck_copy_picked_to_give_is_lit_alone() -> None:
    """H-5: of two A♥ the player picked one to pass; the picture raises one, not both (a card
    listed once in `legal` lights one copy)."""
    hand = sort_hand(parse_cards("A♥ A♥ K♥ Q♠ J♦ A♣"), Suit.HEARTS)
    img = decode(render_hand(hand, trump=Suit.HEARTS, legal=parse_cards("A♥ Q♠")))
    xs = card_positions(hand)
    raised = [img.getpixel((x + 12, TOP + t.CARD_H - 12)) == t.CARD_FACE for x in xs]  # not dimmed
    assert raised == [True, False, False, True, False, False]  # A♥ A♥ K♥ Q♠ J♦ A♣
