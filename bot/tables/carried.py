"""Engine actions carried by controls: how a button or a menu option names one of the seat's
legal actions in its custom id, and how a click gets it back.

A reference is the action's place in `Engine.legal_actions(state, seat)` followed by a short
digest of the action itself (`"7.3fa2c1"`). The machinery writes it when it draws a hand and
reads it against the seat's legal actions at the time of the click: the action comes back only
while it is still legal at that place. So a game's UI never writes a custom id for an engine
action, and a control drawn for other legal actions (another turn, another step) is out of date
even when its seat's version happens to be the same, and never applies something else.

Like OpenSpiel's action ids, a reference only makes sense against the legal actions it was drawn
from; unlike them it checks that those have not changed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from pydantic import BaseModel

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
DIGEST_LENGTH = 6
SEPARATOR = "."


def _key(action: BaseModel) -> str:
    """The action's type and fields: two action types with the same fields differ."""
    return type(action).__name__ + action.model_dump_json()


def _digest(action: BaseModel) -> str:
    return hashlib.sha256(_key(action).encode()).hexdigest()[:DIGEST_LENGTH]


def _number(value: int) -> str:
    text = ""
    while True:
        value, digit = divmod(value, len(DIGITS))
        text = DIGITS[digit] + text
        if not value:
            return text


class ActionRefs:
    """The references of one seat's legal actions, built once per hand drawn."""

    def __init__(self, legal: Sequence[BaseModel]) -> None:
        self._refs: dict[str, str] = {}
        for index, action in enumerate(legal):
            self._refs.setdefault(_key(action), f"{_number(index)}{SEPARATOR}{_digest(action)}")

    def ref(self, action: BaseModel) -> str:
        """The reference of `action`; a `ValueError` when it is not legal: a UI that offers a
        move the rules forbid is a bug, found where the hand is drawn."""
        found = self._refs.get(_key(action))
        if found is None:
            raise ValueError(f"a control carries an action that is not legal now: {action!r}")
        return found


def read_ref(legal: Sequence[BaseModel], ref: str) -> BaseModel | None:
    """The legal action `ref` names, None when the seat's legal actions no longer hold it there
    (the control is out of date). A `ValueError` for text that is no reference at all."""
    index_text, separator, digest = ref.partition(SEPARATOR)
    if (
        not separator
        or not index_text
        or len(digest) != DIGEST_LENGTH
        or any(character not in DIGITS for character in index_text + digest)
    ):
        raise ValueError(f"not an action reference: {ref!r}")
    index = int(index_text, len(DIGITS))
    if index >= len(legal) or _digest(legal[index]) != digest:
        return None
    return legal[index]
