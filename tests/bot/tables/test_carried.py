"""Action references: a control names one legal action, and a click gets it back only while the
seat's legal actions still hold it."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel

from bot.tables.carried import ActionRefs, read_ref


class Place(BaseModel):
    card: int
    pile: int


class Withdraw(BaseModel):
    kind: Literal["withdraw"] = "withdraw"


class Give(BaseModel):
    kind: Literal["withdraw"] = "withdraw"


LEGAL: list[BaseModel] = [Place(card=card, pile=pile) for card in range(20) for pile in range(4)]


def test_every_legal_action_comes_back_from_its_reference() -> None:
    refs = ActionRefs([*LEGAL, Withdraw()])
    for action in [*LEGAL, Withdraw()]:
        assert read_ref([*LEGAL, Withdraw()], refs.ref(action)) == action
    assert len(refs.ref(Place(card=19, pile=3))) <= 10


def test_a_reference_is_out_of_date_once_the_legal_actions_changed() -> None:
    ref = ActionRefs(LEGAL).ref(Place(card=5, pile=2))
    without_card_0 = [action for action in LEGAL if action != Place(card=0, pile=0)]
    assert read_ref(without_card_0, ref) is None
    assert read_ref(LEGAL[:3], ref) is None


def test_two_action_types_with_the_same_fields_are_told_apart() -> None:
    ref = ActionRefs([Withdraw()]).ref(Withdraw())
    assert read_ref([Give()], ref) is None


def test_an_action_that_is_not_legal_cannot_be_drawn() -> None:
    with pytest.raises(ValueError, match="not legal"):
        ActionRefs(LEGAL).ref(Place(card=99, pile=0))


@pytest.mark.parametrize(
    "text", ["", "7", "7.", ".abcdef", "7.abcde", "7.abcdefg", "-1.abcdef", "7.ABCDEF"]
)
def test_text_that_is_no_reference_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not an action reference"):
        read_ref(LEGAL, text)
