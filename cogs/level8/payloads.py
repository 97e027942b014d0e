"""Compact text for what a later click of a UI-only step needs: cards, groups being built.

The table machinery stores no UI state: a step control's payload (at most 60 characters) and
the hand's `ui_state` carry everything. A card id is two base-36 characters ("2j" = 91); a wild
in a group is followed by one base-36 character for what it stands for; groups are separated by
".". Level 8's largest level (pair + triple + quad) takes at most 9 cards, so a whole display
fits in about 30 characters. Anything that does not decode raises `ValueError`: a forged or
damaged custom id is refused, never guessed.
"""

from __future__ import annotations

from games.level8.cards import ALL_CARD_IDS, is_wild
from games.level8.groups import PlacedCard

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
GROUP_SEPARATOR = "."


def digit(value: int) -> str:
    if not 0 <= value < len(DIGITS):
        raise ValueError(f"no single base-36 digit for {value}")
    return DIGITS[value]


def read_digit(text: str) -> int:
    if len(text) != 1 or text not in DIGITS:
        raise ValueError(f"not a base-36 digit: {text!r}")
    return DIGITS.index(text)


def card_code(card: int) -> str:
    return digit(card // len(DIGITS)) + digit(card % len(DIGITS))


def read_card(text: str) -> int:
    if len(text) != 2:
        raise ValueError(f"not a card code: {text!r}")
    card = read_digit(text[0]) * len(DIGITS) + read_digit(text[1])
    if card not in ALL_CARD_IDS:
        raise ValueError(f"no card {card}")
    return card


def cards_code(cards: list[int]) -> str:
    return "".join(card_code(card) for card in cards)


def read_cards(text: str) -> list[int]:
    if len(text) % 2:
        raise ValueError(f"not a list of card codes: {text!r}")
    return [read_card(text[i : i + 2]) for i in range(0, len(text), 2)]


def groups_code(groups: list[list[PlacedCard]]) -> str:
    """Groups whose wilds all have a meaning."""
    parts = []
    for group in groups:
        part = ""
        for placed in group:
            part += card_code(placed.card)
            if is_wild(placed.card):
                if placed.wild_as is None:
                    raise ValueError("a wild without a meaning cannot be written down")
                part += digit(placed.wild_as)
        parts.append(part)
    return GROUP_SEPARATOR.join(parts)


def read_groups(text: str) -> list[list[PlacedCard]]:
    if not text:
        return []
    groups: list[list[PlacedCard]] = []
    for part in text.split(GROUP_SEPARATOR):
        group: list[PlacedCard] = []
        at = 0
        while at < len(part):
            card = read_card(part[at : at + 2])
            at += 2
            wild_as = None
            if is_wild(card):
                wild_as = read_digit(part[at : at + 1])
                at += 1
            group.append(PlacedCard(card=card, wild_as=wild_as))
        if not group:
            raise ValueError("an empty group")
        groups.append(group)
    return groups
