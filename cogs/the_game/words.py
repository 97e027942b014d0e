"""How The Game's things are written: pile names without digits, cards, counts and hints.

Every card value the bot shows goes through `card()`: the card's face (`cogs/the_game/faces.py`)
once it is uploaded as an emoji, else its text face `text_card()`, which sets a value apart the
same way (`57`) from the counts around it (draw pile size, cards in a hand), which are plain
words. A pile's base (1 or 100) has a face of its own.
"""

from __future__ import annotations

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from cogs.the_game.faces import face_key
from games.the_game.state import HintKind

PILE_NAMES: tuple[str, ...] = ("▲A", "▲B", "▼C", "▼D")
"""Pile names contain no digit: the talk rule forbids numbers, and players must be able to name
the piles in chat ("don't play on ▼C")."""

BACKWARDS_MARK = "↩"
"""Marks a backwards-trick placement (a card exactly 10 back) in moves and on pile buttons."""

HINT_EMOJI: dict[HintKind, str] = {
    HintKind.DONT_PLAY: "🚫",
    HintKind.DONT_JUMP: "⚠️",
    HintKind.WANT_PLAY: "🙋",
}
WITHDRAW_EMOJI = "↩️"


def pile_name(pile: int) -> str:
    return PILE_NAMES[pile]


def text_card(value: int) -> str:
    """A card where no emoji can go (a button's label, an error message)."""
    return f"`{value}`"


def card(faces: CardFaces, value: int) -> str:
    return faces.inline(face_key(value), text_card(value))


def count(tr: Texts, key: str, n: int) -> str:
    """`the_game.<key>` in the plural form `n` calls for."""
    return tr.plural(f"the_game.{key}", n)


def hint_text(tr: Texts, kind: HintKind, pile: int) -> str:
    """A hint as the table and the hand's menu say it: "🚫 Don't play on ▲A"."""
    return f"{HINT_EMOJI[kind]} {tr(f'the_game.hint.{kind.value}', pile=pile_name(pile))}"


def duration(tr: Texts, seconds: float) -> str:
    """How long a game took, to the minute once it is over a minute."""
    total = int(seconds)
    if total < 60:
        return tr("the_game.duration.seconds", s=total)
    hours, minutes = divmod(total // 60, 60)
    if hours:
        return tr("the_game.duration.hours", h=hours, m=minutes)
    return tr("the_game.duration.minutes", m=minutes)
