"""What the integration tests read: the whole stored state of the tables, the one answer an
interaction got, and old copies of a message's controls (what a slow client still shows)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from tests.bot.helpers import query

TABLES = ("games", "seats", "actions", "results", "talk_offences")


def snapshot(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the table service and the talk rule keep, to show that a refusal changed
    nothing at all."""
    return {table: query(db, f"SELECT * FROM {table} ORDER BY rowid") for table in TABLES}


def answer(result: simcord.InteractionResult) -> str:
    """The text of the single ephemeral answer to an interaction (its reply or its follow-up)."""
    messages = [*result.followups]
    if not messages and result.response is not None:
        messages = [result.response]
    assert len(messages) == 1, [m.content for m in messages]
    assert messages[0].ephemeral, messages[0].content
    return messages[0].content


def _stored(env: simcord.Env, message: simcord.ResponseMessage | discord.Message) -> Any:
    channel_id = (
        message.channel_id if isinstance(message, simcord.ResponseMessage) else message.channel.id
    )
    return env.backend.get_message(channel_id, message.id)


def controls_of(
    env: simcord.Env, message: simcord.ResponseMessage | discord.Message
) -> list[dict[str, Any]]:
    """A copy of the controls a message shows now."""
    return copy.deepcopy(_stored(env, message).components)


def show_again(
    env: simcord.Env,
    message: simcord.ResponseMessage | discord.Message,
    controls: list[dict[str, Any]],
) -> None:
    """Puts older controls back on a message, as a client that missed the edit still shows them:
    its next click sends an outdated custom id (a double click, a stale lobby or hand)."""
    _stored(env, message).components = copy.deepcopy(controls)


def french_client(monkeypatch: pytest.MonkeyPatch, member: simcord.MemberActor) -> None:
    """SimCord's users all speak en-US; from now on `member`'s client speaks French."""
    original = simcord.interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, data = original(*args, **kwargs)
        if kwargs.get("user_id") == member.id:
            data["locale"] = "fr"
        return record, data

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)


def run_loadbench(*arguments: str) -> tuple[dict[str, Any], str]:
    """`python -m loadbench` with `arguments`, run as a newcomer would from the project's folder:
    its last line's JSON report, and what it printed for a reader (stderr)."""
    done = subprocess.run(
        [sys.executable, "-m", "loadbench", *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report, done.stderr
