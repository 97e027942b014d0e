"""Refusals of the table service, translated for the user who caused them."""

from __future__ import annotations

from typing import Any

from bot.i18n import Texts


class TableError(Exception):
    """A polite refusal: `code` is a key of the `errors` catalog area; nothing was changed.

    A game UI's own refusals carry their message ready-made in `message`.
    """

    def __init__(self, code: str, message: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.message = message
        self.params = params

    def text(self, tr: Texts) -> str:
        return (
            self.message if self.message is not None else tr(f"errors.{self.code}", **self.params)
        )
