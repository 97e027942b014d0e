"""Building the level's groups oneself: one multi-select per group, in the level card's order,
and a question about the wilds only when the chosen cards leave them a choice.

Each group is checked as soon as it is chosen, with the rule's own reason when it is refused,
and so is whether the cards left can still make the rest of the level (the combination finder
knows). The groups built so far travel in the next control's payload and the hand's `ui_state`:
"b<groups>" while choosing cards, "m<groups>|<cards>" while asking what the wilds in <cards>
stand for. The last group completes a `DisplayLevel` that the engine checks once more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.discord_limits import OPTION_LIMIT, clip
from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import Choice, Control, StepButton, StepSelect
from cogs.level8.payloads import cards_code, groups_code, read_cards, read_groups
from cogs.level8.words import (
    WILD,
    card_emoji,
    cards,
    group_text,
    requirement_text,
    stands_for,
    text_card,
)
from games.core.errors import RuleError
from games.level8.actions import DisplayLevel
from games.level8.cards import (
    COLOURS,
    MAX_VALUE,
    MIN_VALUE,
    VALUES,
    colour_of,
    is_skip,
    is_wild,
    value_of,
)
from games.level8.finder import find_display
from games.level8.groups import PlacedCard, build_group
from games.level8.levels import GroupKind, Requirement

BUILDING = "b"
"""`ui_state` and "Start over" payload prefix: choosing the cards of the next group."""
ASKING = "m"
"""`ui_state` and menu payload prefix: asking what the pending group's wilds stand for."""
GROUP_MENU = "g"
LEAVE = "B"
PENDING_SEPARATOR = "|"


@dataclass(frozen=True)
class Building:
    """Groups complete so far, and the cards of the next one while its wilds are asked about."""

    done: list[list[PlacedCard]]
    pending: list[int] | None = None

    def code(self) -> str:
        if self.pending is None:
            return BUILDING + groups_code(self.done)
        return ASKING + groups_code(self.done) + PENDING_SEPARATOR + cards_code(self.pending)


def read_building(text: str) -> Building | None:
    """The building a `ui_state` or payload describes; None for anything else."""
    if text.startswith(BUILDING):
        return Building(read_groups(text[1:]))
    if text.startswith(ASKING) and PENDING_SEPARATOR in text:
        done, pending = text[1:].split(PENDING_SEPARATOR)
        return Building(read_groups(done), read_cards(pending))
    return None


def wild_choices(requirement: Requirement, chosen: Sequence[int]) -> list[int]:
    """What the wilds among `chosen` may stand for: values for a set, colours for a colour
    group, the lowest value of the run for a run. Empty without wilds; refused with the rule's
    reason when no choice makes the cards a group of that kind."""
    for card_id in chosen:
        if is_skip(card_id):
            raise RuleError("skip_in_display", card=card_id)
    if not any(is_wild(card_id) for card_id in chosen):
        return []
    numbers = [card_id for card_id in chosen if not is_wild(card_id)]
    if requirement.kind is GroupKind.SET:
        values = {value_of(card_id) for card_id in numbers}
        if len(values) > 1:
            raise RuleError("not_a_set")
        return sorted(values) or list(VALUES)
    if requirement.kind is GroupKind.COLOUR:
        colours = {colour_of(card_id) for card_id in numbers}
        if len(colours) > 1:
            raise RuleError("not_one_colour")
        return sorted(colours) or list(range(len(COLOURS)))
    values_in_run = sorted(value_of(card_id) for card_id in numbers)
    size = len(chosen)
    starts = [
        start
        for start in range(MIN_VALUE, MAX_VALUE - size + 2)
        if all(start <= value < start + size for value in values_in_run)
    ]
    if len(set(values_in_run)) != len(values_in_run) or not starts:
        raise RuleError("not_a_run", values=values_in_run)
    return starts


def with_meanings(
    requirement: Requirement, chosen: Sequence[int], choice: int | None
) -> list[PlacedCard]:
    """The chosen cards with their wilds standing for `choice` (for a run: the values the
    number cards leave free from `choice` on, lowest first)."""
    wilds = sorted(card_id for card_id in chosen if is_wild(card_id))
    numbers = [card_id for card_id in chosen if not is_wild(card_id)]
    if choice is None:
        meanings: list[int] = []
    elif requirement.kind is GroupKind.RUN:
        taken = {value_of(card_id) for card_id in numbers}
        window = range(choice, choice + len(chosen))
        meanings = [value for value in window if value not in taken]
    else:
        meanings = [choice] * len(wilds)
    placed = [PlacedCard(card=card_id) for card_id in numbers]
    placed += [PlacedCard(card=w, wild_as=m) for w, m in zip(wilds, meanings, strict=True)]
    return placed


def add_group(
    hand: Sequence[int],
    requirements: Sequence[Requirement],
    building: Building,
    chosen: Sequence[int],
) -> Choice:
    """The cards chosen for the next group: complete it, or ask what its wilds stand for."""
    index = len(building.done)
    if index >= len(requirements):
        raise RuleError("wrong_group_count", expected=len(requirements), got=index + 1)
    requirement = requirements[index]
    used = {placed.card for group in building.done for placed in group}
    if len(set(chosen)) != len(chosen) or used & set(chosen):
        raise RuleError("duplicate_card")
    for card_id in chosen:
        if card_id not in hand:
            raise RuleError("card_not_in_hand", card=card_id)
    if len(chosen) != requirement.size:
        raise RuleError(
            "wrong_group_size", kind=requirement.kind.value, size=requirement.size, got=len(chosen)
        )
    choices = wild_choices(requirement, chosen)
    if len(choices) > 1:
        return Choice(ui_state=Building(building.done, sorted(chosen)).code())
    return complete_group(hand, requirements, building, chosen, choices[0] if choices else None)


def answer_wilds(
    hand: Sequence[int], requirements: Sequence[Requirement], building: Building, value: str
) -> Choice:
    """The answer to "what do the wilds stand for?" for the pending group."""
    if building.pending is None or len(building.done) >= len(requirements):
        raise RuleError("unknown_control")
    requirement = requirements[len(building.done)]
    choices = wild_choices(requirement, building.pending)
    if not value.isdigit() or int(value) not in choices:
        raise RuleError("unknown_control")
    return complete_group(hand, requirements, building, building.pending, int(value))


def complete_group(
    hand: Sequence[int],
    requirements: Sequence[Requirement],
    building: Building,
    chosen: Sequence[int],
    choice: int | None,
) -> Choice:
    requirement = requirements[len(building.done)]
    placed = with_meanings(requirement, chosen, choice)
    build_group(requirement, placed)
    done = [*building.done, placed]
    if len(done) == len(requirements):
        return Choice(action=DisplayLevel(groups=done))
    used = {p.card for group in done for p in group}
    left = [card_id for card_id in hand if card_id not in used]
    if find_display(left, requirements[len(done) :]) is None:
        raise RuleError("rest_impossible")
    return Choice(ui_state=Building(done).code())


def wild_count(chosen: Sequence[int]) -> int:
    """How many wilds a question is about, for "the wild" or "the wilds"."""
    return sum(1 for card_id in chosen if is_wild(card_id))


def built_lines(
    tr: Texts, faces: CardFaces, requirements: Sequence[Requirement], building: Building
) -> list[str]:
    """The groups built so far as they will be shown on the table."""
    return [
        group_text(tr, faces, build_group(requirement, group))
        for requirement, group in zip(requirements, building.done, strict=False)
    ]


def status(
    tr: Texts, faces: CardFaces, requirements: Sequence[Requirement], building: Building
) -> str:
    if building.pending is not None:
        wilds = wild_count(building.pending)
        shown = cards(faces, building.pending)
        return tr.plural("level8.hand.status.wilds", wilds, cards=shown)
    index = len(building.done)
    return tr(
        "level8.hand.status.build",
        index=index + 1,
        total=len(requirements),
        group=requirement_text(tr, requirements[index]),
    )


def controls(
    tr: Texts,
    faces: CardFaces,
    hand: Sequence[int],
    requirements: Sequence[Requirement],
    building: Building,
) -> list[Control]:
    menu = (
        wilds_menu(tr, requirements, building)
        if building.pending
        else cards_menu(tr, faces, hand, requirements, building)
    )
    buttons: list[Control] = []
    if building.done or building.pending:
        buttons.append(
            StepButton(label=tr("level8.hand.start_over"), payload=BUILDING, emoji="🔁", row=1)
        )
    buttons.append(StepButton(label=tr("level8.hand.back"), payload=LEAVE, row=1))
    return [menu, *buttons]


def cards_menu(
    tr: Texts,
    faces: CardFaces,
    hand: Sequence[int],
    requirements: Sequence[Requirement],
    building: Building,
) -> Control:
    requirement = requirements[len(building.done)]
    used = {placed.card for group in building.done for placed in group}
    free = [card_id for card_id in hand if card_id not in used and not is_skip(card_id)]
    options = [
        discord.SelectOption(
            label=text_card(card_id),
            value=cards_code([card_id]),
            emoji=card_emoji(faces, card_id),
        )
        for card_id in free
    ]
    return StepSelect(
        payload=GROUP_MENU + groups_code(building.done),
        options=options,
        placeholder=tr(
            "level8.hand.choose_group",
            index=len(building.done) + 1,
            total=len(requirements),
            group=requirement_text(tr, requirement),
        ),
        min_values=requirement.size,
        max_values=requirement.size,
        row=0,
    )


def wilds_menu(tr: Texts, requirements: Sequence[Requirement], building: Building) -> Control:
    assert building.pending is not None
    requirement = requirements[len(building.done)]
    options = []
    for choice in wild_choices(requirement, building.pending):
        placed = with_meanings(requirement, building.pending, choice)
        group = build_group(requirement, placed)
        meanings = ", ".join(
            stands_for(requirement.kind, p.wild_as) for p in placed if p.wild_as is not None
        )
        options.append(
            discord.SelectOption(
                label=tr("level8.hand.wilds_option", wild=WILD, meanings=meanings),
                description=clip(group_text(tr, CardFaces(), group), OPTION_LIMIT),
                value=str(choice),
            )
        )
    return StepSelect(
        payload=building.code(),
        options=options,
        placeholder=tr.plural("level8.hand.wilds_placeholder", wild_count(building.pending)),
        row=0,
    )
