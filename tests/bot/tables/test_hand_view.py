"""A hand's controls as Discord receives them: every action control names a legal action, and
nothing Discord would refuse (two controls with one custom id, two menu options with one value)
leaves the bot."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from bot.tables.carried import read_ref
from bot.tables.render import hand_view
from bot.tables.ui import (
    ActionButton,
    ActionOption,
    ActionSelect,
    Control,
    HandPanel,
    StepButton,
)


class Play(BaseModel):
    card: int


LEGAL: list[BaseModel] = [Play(card=card) for card in (3, 7, 12)]


def custom_ids(controls: list[Control]) -> list[str]:
    view = hand_view(41, 2, 9, HandPanel(controls=controls), LEGAL)
    assert view is not None
    return [str(item.custom_id) for item in view.children]  # type: ignore[attr-defined]


def test_controls_carry_game_seat_version_and_what_they_do() -> None:
    ids = custom_ids(
        [ActionButton(label="Play 7", action=Play(card=7)), StepButton(label="7", payload="c7")]
    )
    assert ids[1] == "ct:act:41:2:9:c7"
    kind, game, seat, version, ref = ids[0].split(":")[1:]
    assert (kind, game, seat, version) == ("do", "41", "2", "9")
    assert read_ref(LEGAL, ref) == Play(card=7)


def test_a_control_for_an_illegal_action_is_never_drawn() -> None:
    with pytest.raises(ValueError, match="not legal"):
        custom_ids([ActionButton(label="Play 8", action=Play(card=8))])


def test_two_controls_for_one_action_are_refused() -> None:
    with pytest.raises(ValueError, match="share a custom id"):
        custom_ids(
            [
                ActionButton(label="Play 7", action=Play(card=7)),
                ActionButton(label="7!", action=Play(card=7)),
            ]
        )
    with pytest.raises(ValueError, match="share a custom id"):
        custom_ids([StepButton(label="a", payload="x"), StepButton(label="b", payload="x")])
    options = [ActionOption(label=str(n), action=Play(card=7)) for n in (1, 2)]
    with pytest.raises(ValueError, match="share a value"):
        custom_ids([ActionSelect(options=options)])


def test_two_menus_of_actions_in_one_hand_have_their_own_ids() -> None:
    menus: list[Control] = [
        ActionSelect(options=[ActionOption(label="3", action=Play(card=3))]),
        ActionSelect(options=[ActionOption(label="12", action=Play(card=12))]),
    ]
    assert custom_ids(menus) == ["ct:dos:41:2:9:0", "ct:dos:41:2:9:1"]
