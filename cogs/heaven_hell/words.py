"""How Heaven & Hell's things are written, in both languages: cards, rows, sides, points.

A card is its colour's mark and its value (`🟥R3`): the square and the letter every game gives a
colour, the same for every reader (`bot/colours.py` says why), so that a colour is never told by
colour alone. A row reads from hell to heaven, as on the table (hell is the left side):
`🟥R 😈 1 3 = 4 │ 😇 2 5 = **7**`, each side in the order its cards were placed, the leading sum
in bold and a closed row marked 🔒. A card's face comes from `card()` alone, so that a drawn face
can replace the text in one place; a colour without a value is `mark()`.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.colours import colour_mark, letters_legend
from bot.i18n import Texts
from bot.tables.ui import SeatInfo
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


def card(colour: Colour, value: int) -> str:
    """A card's face, in a hand, a row's message or a button, the same for every reader."""
    return f"{mark(colour)}{value}"


def card_face(item: Card) -> str:
    return card(item.colour, item.value)


def cards(items: Sequence[Card]) -> str:
    return " ".join(card_face(item) for item in items)


def legend(tr: Texts) -> str:
    """What the colours' letters stand for, in the reader's language."""
    return tr("heaven_hell.hand.legend", colours=letters_legend(tr, [c.value for c in COLOURS]))


def side_mark(side: Side) -> str:
    return HEAVEN if side is Side.HEAVEN else HELL


def side_name(tr: Texts, side: Side) -> str:
    return tr(f"heaven_hell.side.{side.value}")


def _side(values: Sequence[int], total: int, leads: bool) -> str:
    if not values:
        return "—"
    shown = f"**{total}**" if leads else str(total)
    return f"{' '.join(str(value) for value in values)} = {shown}"


def row_line(row: RowView) -> str:
    """One row, hell on the left and heaven on the right as the rules lay them out."""
    hell = _side(row.hell, row.hell_sum, row.hell_sum > row.heaven_sum)
    heaven = _side(row.heaven, row.heaven_sum, row.heaven_sum > row.hell_sum)
    lock = f" {CLOSED}" if row.closed else ""
    return f"{mark(row.colour)} {HELL} {hell} │ {HEAVEN} {heaven}{lock}"


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


def count(tr: Texts, key: str, n: int) -> str:
    """`heaven_hell.<key>` in the plural form `n` calls for."""
    return tr.plural(f"heaven_hell.{key}", n)


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
