"""Watching a game's live table while it is played, then stepping through its replay.

`TableRecorder` notes, after each move has been shown, which step the game was at (the number
of actions it had accepted) and the embeds of the table message then. `replay_checks` opens the
game's replay with `/replay`, steps through it to the end with the ▶ button and checks that the
table of every recorded step is, embed for embed, the one the live table showed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import simcord

from bot.app import CardTableBot
from tests.bot.helpers import query
from tests.support.messages import components
from tests.support.table_driver import TableDriver, drain, game_status


@dataclass
class TableRecorder:
    env: simcord.Env
    db: Path
    seen: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    """By step, the embeds of the live table at that step."""

    def note(self) -> None:
        ((game_id, place_id, stored_id, mark, count),) = query(
            self.db,
            "SELECT id, place_id, table_message_id, table_posting_since, action_count FROM games "
            "ORDER BY id DESC LIMIT 1",
        )
        # A table posted anew has its id stored with the game's next change.
        posted = cast(CardTableBot, self.env.bot).publishing.table_post.posted_since(game_id, mark)
        message_id = posted or stored_id
        assert message_id is not None, "the table is on show"
        embeds = self.env.backend.get_message(place_id, message_id).embeds
        self.seen[count] = [dict(embed) for embed in embeds]

    async def play_to_the_end(self, driver: TableDriver[Any, Any]) -> None:
        """The driver's people play the whole game; the table is noted once each move has been
        shown (what the channel's budget held back included), and at the end."""
        for _ in range(driver.most_steps):
            await drain(self.env)
            self.note()
            if game_status(self.db) != "running":
                return
            await driver.play_one()
        raise AssertionError("the game did not end")


def stored(env: simcord.Env, message: simcord.ResponseMessage) -> Any:
    return env.backend.get_message(message.channel_id, message.id)


def custom_id(message: simcord.ResponseMessage, prefix: str) -> str | None:
    """The custom id of the enabled button of `message` whose id starts with `prefix`."""
    return next(
        (
            str(c["custom_id"])
            for c in components(message)
            if str(c.get("custom_id", "")).startswith(prefix) and not c.get("disabled")
        ),
        None,
    )


def step_button(message: simcord.ResponseMessage, tag: str) -> str | None:
    """The custom id of the replay's enabled button `tag` ("next", "nturn", "pround", ...)."""
    return next(
        (
            str(c["custom_id"])
            for c in components(message)
            if str(c.get("custom_id", "")).startswith("ct:rp:")
            and str(c["custom_id"]).endswith(f":{tag}")
            and not c.get("disabled")
        ),
        None,
    )


def replay_step(message: simcord.ResponseMessage) -> tuple[int, int]:
    """(step, last step) read from the replay's own embed title ("… · step 4/12")."""
    title = message.embeds[-1].title or ""
    step, last = title.rsplit(" ", 1)[1].split("/")
    return int(step), int(last)


async def open_replay(
    member: simcord.MemberActor, channel: simcord.ChannelHandle, game_id: int
) -> simcord.ResponseMessage:
    result = await member.slash(channel, "replay", number=game_id)
    messages = [*result.followups] or ([result.response] if result.response else [])
    assert len(messages) == 1 and messages[0].ephemeral
    return messages[0]


async def replay_checks(
    member: simcord.MemberActor,
    channel: simcord.ChannelHandle,
    game_id: int,
    recorder: TableRecorder,
) -> simcord.ResponseMessage:
    """Steps through the whole replay one action at a time; every recorded step's table is the
    live one. Returns the replay at its last step."""
    replay = await open_replay(member, channel, game_id)
    checked = 0
    async for step, _last in each_step(member, replay, game_id):
        if step in recorder.seen:
            shown = [dict(embed) for embed in stored(recorder.env, replay).embeds][:-1]
            assert shown == recorder.seen[step], step
            checked += 1
    assert checked == len(recorder.seen)
    return replay


async def each_step(
    member: simcord.MemberActor, replay: simcord.ResponseMessage, game_id: int
) -> AsyncIterator[tuple[int, int]]:
    """(step, last step) of `replay` at each step from the one it shows to the last, `member`
    pressing ▶ after each."""
    while True:
        step, last = replay_step(replay)
        yield step, last
        if step == last:
            return
        forward = custom_id(replay, f"ct:rp:{game_id}:{step + 1}:next")
        assert forward is not None
        await member.click(replay, custom_id=forward)
        assert replay_step(replay)[0] == step + 1
