"""Clients that speak French: SimCord's users all send en-US interactions."""

from __future__ import annotations

from typing import Any

import pytest
import simcord
import simcord.interactions


def speak_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every interaction arrives from a French client."""
    original = simcord.interactions.base_payload

    def french_client(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", french_client)
