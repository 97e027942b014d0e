"""How Level 8's things are written, in both languages: cards, wilds, groups, levels, counts.

A number card is its colour's mark and its value (`🟥R7`): the square and the letter every game
gives a colour, the same for every reader (`bot/colours.py` says why); a colour group's title
names its colour. A wild is `⭐` in a hand and, on the table, carries what it stands for (`⭐=7`
in a run or a set, `⭐=🟥R` in a colour group); a Skip is `⛔`. A card's face comes from
`card()` alone (a placed wild from `placed_card()`), so that a drawn face can replace the text
in one place. Those are the text faces: once the cards' own faces (`cogs/level8/faces.py`) are
uploaded as emojis, a card shows as its face, and a wild on the table as the wild's face with
what it stands for; `text_card()` stays where no emoji can go.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

import discord

from bot.colours import colour_mark, colour_name, letters_legend
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import SeatInfo
from cogs.level8.faces import SKIP_KEY, WILD_KEY, face_key
from games.level8.cards import Colour, colour_of, is_skip, is_wild, value_of
from games.level8.groups import Group, PlacedCard
from games.level8.levels import GroupKind, Requirement

COLOUR_KEYS: tuple[str, ...] = tuple(colour.name.lower() for colour in Colour)
"""The colours' names in `bot.colours` (red, yellow, …), by `Colour`."""
WILD = "⭐"
SKIP = "⛔"
SET_NAMES: dict[int, str] = {2: "pair", 3: "triple", 4: "quad"}
"""Catalog keys of sets by size (in `level8.need` and `level8.group`); other sizes are "set"."""


def mark(colour: int) -> str:
    """A colour as cards carry it (`🟥R`)."""
    return colour_mark(COLOUR_KEYS[colour])


def text_card(card_id: int) -> str:
    """A card's text face, the same for every reader, where no emoji can go (a button's label,
    a menu option, an error message) and before the faces are uploaded."""
    if is_wild(card_id):
        return WILD
    if is_skip(card_id):
        return SKIP
    return f"{mark(colour_of(card_id))}{value_of(card_id)}"


def card(faces: CardFaces, card_id: int) -> str:
    """A card in a hand, a discard pile or a move."""
    return faces.inline(face_key(card_id), text_card(card_id))


def skip_face(faces: CardFaces) -> str:
    """A Skip where the table names one without its id (face-up Skips, one waiting in front of a
    player)."""
    return faces.inline(SKIP_KEY, SKIP)


def card_emoji(faces: CardFaces, card_id: int) -> discord.PartialEmoji | None:
    """A card's face for a button or a menu option, None until it is uploaded."""
    return faces.emoji(face_key(card_id))


def cards(faces: CardFaces, card_ids: Sequence[int]) -> str:
    return " ".join(card(faces, card_id) for card_id in card_ids)


def distinct_faces(card_ids: Sequence[int]) -> list[int]:
    """The cards without repeated wilds or Skips: all wilds look and play alike (so do Skips),
    and a menu offering "⭐" three times would only puzzle."""
    seen: set[int | str] = set()
    kept: list[int] = []
    for card_id in card_ids:
        face: int | str = WILD if is_wild(card_id) else SKIP if is_skip(card_id) else card_id
        if face not in seen:
            seen.add(face)
            kept.append(card_id)
    return kept


def stands_for(kind: GroupKind, value: int) -> str:
    """What a wild stands for in a group of `kind`: a colour (`🟥R`), or a value."""
    return mark(value) if kind is GroupKind.COLOUR else str(value)


def placed_card(faces: CardFaces, placed: PlacedCard, kind: GroupKind) -> str:
    if placed.wild_as is None:
        return card(faces, placed.card)
    return f"{faces.inline(WILD_KEY, WILD)}={stands_for(kind, placed.wild_as)}"


def legend(tr: Texts) -> str:
    """What the hand's signs mean: ⭐ and ⛔, and the colours' letters."""
    letters = letters_legend(tr, COLOUR_KEYS)
    return tr("level8.hand.legend", wild=WILD, skip=SKIP, colours=letters)


def group_title(tr: Texts, group: Group) -> str:
    """"Run 3–6", "Pair of 7s", "🟥R red colour": what a group is, as lay-off targets name it.

    A set is named by its size and value together ("Pair of 3s", "5 × 3"): "Set of 3s" alone
    reads as "a set of three cards" when it is a pair."""
    if group.kind is GroupKind.RUN:
        return tr("level8.group.run", low=group.low, high=group.high)
    if group.kind is GroupKind.SET:
        size = len(group.cards)
        name = SET_NAMES.get(size, "set")
        return tr(f"level8.group.{name}", value=group.key, size=size)
    return tr("level8.group.colour", colour=colour_name(tr, COLOUR_KEYS[group.key]))


def value_then_wilds(placed: PlacedCard) -> tuple[bool, int]:
    """Sort key of a colour group's cards: number cards by value, then the wilds."""
    return (True, 0) if is_wild(placed.card) else (False, value_of(placed.card))


def group_text(tr: Texts, faces: CardFaces, group: Group) -> str:
    """A displayed group with every card: "Run 3–5: 🟥R3 ⭐=4 🟦B5".

    Runs come in value order from the engine; a colour group grows in the order cards were laid
    off, so it is shown by value (its wilds last) for the eye to find a value in it."""
    placed = group.cards
    if group.kind is GroupKind.COLOUR:
        placed = sorted(placed, key=value_then_wilds)
    shown = " ".join(placed_card(faces, p, group.kind) for p in placed)
    return tr("level8.group.line", title=group_title(tr, group), cards=shown)


def group_on_table(tr: Texts, faces: CardFaces, group: Group) -> str:
    """A displayed group as the table shows it, in as little room as it takes to stay clear: a
    run by its ends (`🟨Y3…🟪P8`: what it accepts is the value past either end, and its length is
    the gap between them), a set with every card (they share one value), a colour group named by
    its colour, with its cards by value (`red: 🟥R7 🟥R9 ⭐=🟥R`). A run's middle cards tell
    nothing one may lay off; showing them made a seat of two runs take two lines of a phone."""
    if group.kind is GroupKind.RUN:
        ends = (group.cards[0], group.cards[-1])
        return "…".join(placed_card(faces, placed, group.kind) for placed in ends)
    if group.kind is GroupKind.SET:
        return " ".join(placed_card(faces, placed, group.kind) for placed in group.cards)
    by_value = sorted(group.cards, key=value_then_wilds)
    shown = " ".join(placed_card(faces, placed, group.kind) for placed in by_value)
    colour = tr(f"colours.{COLOUR_KEYS[group.key]}")
    return tr("level8.group.colour_on_table", colour=colour, cards=shown)


def requirement_text(tr: Texts, requirement: Requirement, count: int = 1) -> str:
    """One requirement of a level, `count` times: "run of 3", "2 pairs", "4 cards of one colour"."""
    size = requirement.size
    if requirement.kind is GroupKind.RUN:
        return tr.plural("level8.need.run", count, size=size)
    if requirement.kind is GroupKind.SET:
        name = SET_NAMES.get(size)
        if name is not None:
            return tr.plural(f"level8.need.{name}", count)
        return tr.plural("level8.need.set", count, size=size)
    return tr.plural("level8.need.colour", count, size=size)


def level_text(tr: Texts, requirements: Sequence[Requirement]) -> str:
    """What a level asks for: "2 runs of 3", "run of 3 + 4 cards of one colour"."""
    parts = [
        requirement_text(tr, requirement, len(list(same)))
        for requirement, same in groupby(requirements)
    ]
    return " + ".join(parts)


def count(tr: Texts, key: str, n: int) -> str:
    """`level8.<key>` in the plural form `n` calls for."""
    return tr.plural(f"level8.{key}", n)


def owner_name(tr: Texts, seats: Sequence[SeatInfo], owner: int, viewer: int | None) -> str:
    """A seat as a hand names it: "you" for the viewer's own seat."""
    return tr("level8.you") if owner == viewer else seats[owner].name
