"""Each member's Discord client language, carried by their interactions.

Discord puts the user's client language in every interaction (`locale`), and the bot answers
ephemeral messages (hands, refusals) in it. SimCord always reports `en-US`, so without this every
private answer in the playground would be English. Choosing a language per member models what a
real Discord sends; it is the only place the playground touches SimCord's interaction payloads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import simcord.interactions
from simcord.backend import Backend
from simcord.backend.models import Interaction

ENGLISH = "en-US"
FRENCH = "fr"
# Discord's locale codes, with the name the toggle shows (in its own language).
LANGUAGES: dict[str, str] = {ENGLISH: "English", FRENCH: "Français"}

PayloadBuilder = Callable[..., tuple[Interaction, dict[str, Any]]]


class ClientLocales:
    """While installed, SimCord's interaction payloads carry `locale_of(user_id)` instead of its
    fixed `en-US`. Installed when the playground's SimCord environment starts and removed when it
    stops, so that nothing else in the process (tests running SimCord) sees the change."""

    def __init__(self, locale_of: Callable[[int], str]) -> None:
        self._locale_of = locale_of
        self._original: PayloadBuilder | None = None

    def install(self) -> None:
        if self._original is not None:
            raise RuntimeError("the client locales are already installed")
        original: PayloadBuilder = simcord.interactions.base_payload
        locale_of = self._locale_of

        def with_client_locale(
            backend: Backend, *, user_id: int, **fields: Any
        ) -> tuple[Interaction, dict[str, Any]]:
            record, payload = original(backend, user_id=user_id, **fields)
            payload["locale"] = locale_of(user_id)
            return record, payload

        self._original = original
        simcord.interactions.base_payload = with_client_locale

    def remove(self) -> None:
        if self._original is not None:
            simcord.interactions.base_payload = self._original
            self._original = None
