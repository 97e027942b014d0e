"""How every engine copies a state before changing it: one function, whatever the model.

`apply` works on a copy so that the input state is never touched and a `RuleError` raised half
way leaves nothing changed. The copy is generic (it follows the model's fields, so a field added
later is copied too) and skips revalidation, which a deep `model_copy` would not: lists, dicts
and mutable models are new objects, while frozen models (reports, events, groups) and scalars
are shared, since nothing can change them.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar, cast

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_ATOMS = (int, str, float, bool, type(None))


def copy_state(state: M) -> M:
    """A copy of `state` whose mutable parts may be changed freely."""
    return cast(M, _copy(state))


def _copy(value: Any) -> Any:
    if isinstance(value, (_ATOMS, Enum)):
        return value
    if isinstance(value, list):
        return [item if isinstance(item, _ATOMS) else _copy(item) for item in value]
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return value
        copy = value.model_copy()
        for name, item in copy.__dict__.items():
            copy.__dict__[name] = _copy(item)
        return copy
    if isinstance(value, tuple):
        return value
    raise TypeError(f"cannot draft a {type(value).__name__}")
