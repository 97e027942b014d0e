"""Clients that speak French: SimCord's users all send en-US interactions."""

from __future__ import annotations

from typing import Any

import discord
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


async def make_server_french(
    env: simcord.Env, guild: simcord.GuildHandle, channel: simcord.ChannelHandle
) -> None:
    """An admin sets the server's public language to French (`/settings language:fr`): tables,
    lobbies and notices speak French from their next message."""
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    answer = (await admin.slash(channel, "settings", language="fr")).response
    assert answer is not None and answer.ephemeral
