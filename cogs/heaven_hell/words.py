"""How Heaven & Hell's things are written, in both languages: cards, rows, sides, points.

A card is its colour's mark and its value (`🟥R3`): the square and the letter every game gives a
colour, the same for every reader (`bot/colours.py` says why), so that a colour is never told by
colour alone. A row reads from hell to heaven, as on the table (hell is the left side, under
the rows' heading `😈 hell │ 😇 heaven`): `🟥R 1 3 = 4 │ 2 5 = **7**`, each side in the order its
cards were placed, the leading sum in bold and a closed row marked 🔒. A full row (five faces
of 22 px) stays on one line of a phone's embed (278 px) only without a side's mark on each row,
which the heading says once. A card's face comes from `card()` alone: its drawn face
(`cogs/heaven_hell/faces.py`) once uploaded as an emoji, else its text face `text_card()`, which
stays where no emoji can go; in a row, a card is its face or its value beside the row's mark. A
colour without a value is `mark()`.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.colours import colour_mark, letters_legend
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import SeatInfo
from cogs.heaven_hell.faces import DOUBLE_KEY, face_key, side_key
from games.heaven_hell.cards import COLOURS, Card, Colour, Side
from games.heaven_hell.state import ColourScore
from games.heaven_hell.view import RowView

HEAVEN = "😇"
HELL = "😈"
CLOSED = "🔒"
DOUBLE = "×2"


def mark(colour: Colour) -> str:
    """A colour as cards and rows carry it (`🟥R`)."""
    return colour_mark(colour.value)


def text_card(colour: Colour, value: int) -> str:
    """A card's text face, the same for every reader, where no emoji can go (a button's label,
    an error message) and before the faces are uploaded."""
    return f"{mark(colour)}{value}"


def card(faces: CardFaces, colour: Colour, value: int) -> str:
    """A card's face, in a hand, a row's message or a move."""
    return faces.inline(face_key(colour, value), text_card(colour, value))


def card_emoji(faces: CardFaces, colour: Colour, value: int) -> discord.PartialEmoji | None:
    return faces.emoji(face_key(colour, value))


def card_face(faces: CardFaces, item: Card) -> str:
    return card(faces, item.colour, item.value)


def cards(faces: CardFaces, items: Sequence[Card]) -> str:
    return " ".join(card_face(faces, item) for item in items)


def legend(tr: Texts) -> str:
    """What the colours' letters stand for, in the reader's language."""
    return tr("heaven_hell.hand.legend", colours=letters_legend(tr, [c.value for c in COLOURS]))


def side_mark(side: Side) -> str:
    return HEAVEN if side is Side.HEAVEN else HELL


def side_face(faces: CardFaces, side: Side) -> str:
    return faces.inline(side_key(side), side_mark(side))


def side_emoji(faces: CardFaces, side: Side) -> discord.PartialEmoji | str:
    return faces.emoji(side_key(side)) or side_mark(side)


def double_face(faces: CardFaces) -> str:
    return faces.inline(DOUBLE_KEY, DOUBLE)


def double_emoji(faces: CardFaces) -> discord.PartialEmoji | None:
    return faces.emoji(DOUBLE_KEY)


def side_name(tr: Texts, side: Side) -> str:
    return tr(f"heaven_hell.side.{side.value}")


def _side(
    faces: CardFaces, colour: Colour, values: Sequence[int], total: int, leads: bool
) -> str:
    """A side's cards (their faces, or their values, the row's mark telling the colour) and its
    sum."""
    if not values:
        return "—"
    shown = f"**{total}**" if leads else str(total)
    placed = " ".join(faces.inline(face_key(colour, value), str(value)) for value in values)
    return f"{placed} = {shown}"


def row_line(faces: CardFaces, row: RowView) -> str:
    """One row, hell on the left and heaven on the right as the rules lay them out."""
    hell = _side(faces, row.colour, row.hell, row.hell_sum, row.hell_sum > row.heaven_sum)
    heaven = _side(faces, row.colour, row.heaven, row.heaven_sum, row.heaven_sum > row.hell_sum)
    lock = f" {CLOSED}" if row.closed else ""
    return f"{mark(row.colour)} {hell} │ {heaven}{lock}"


def points(value: int) -> str:
    """Signed points, with a true minus sign: `+10`, `−4`, `0`."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"


def total(value: int) -> str:
    """A running total: plain for positive and zero, a true minus for negative."""
    return f"−{-value}" if value < 0 else str(value)


def name_of(seats: Sequence[SeatInfo], seat: int) -> str:
    return seats[seat].name



def colour_title(score: ColourScore) -> str:
    """`🟥R 😈 4 │ 😇 7`: the two sums as the row ended."""
    return f"{mark(score.colour)} {HELL} {score.hell} │ {HEAVEN} {score.heaven}"


def colour_result(
    score: ColourScore, order: Sequence[int], seats: Sequence[SeatInfo], tr: Texts
) -> str:
    """Who scored the colour and why, then what every seat held of it (the round summary, and
    the table while the colours are scored one by one)."""
    if score.heaven == score.hell:
        outcome = tr("heaven_hell.round.equal")
    elif score.scorer is None:
        outcome = tr("heaven_hell.round.nobody_holds", colour=mark(score.colour))
    else:
        key = "heaven" if score.heaven > score.hell else "hell"
        if score.doubled:
            key = "doubled"
        outcome = tr(
            f"heaven_hell.round.{key}",
            name=name_of(seats, score.scorer),
            points=points(score.points),
            held=max(score.holdings),
            double=DOUBLE,
        )
        tied = [seat for seat in order if score.holdings[seat] == max(score.holdings)]
        if len(tied) > 1:
            others = ", ".join(name_of(seats, seat) for seat in tied[1:])
            outcome += "\n" + tr(
                "heaven_hell.round.tie", name=name_of(seats, tied[0]), others=others
            )
    held = " · ".join(
        f"{name_of(seats, seat)} {value}" for seat, value in enumerate(score.holdings)
    )
    return "\n".join([outcome, tr("heaven_hell.round.held", held=held)])
