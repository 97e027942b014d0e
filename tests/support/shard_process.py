"""One bot process serving one shard set, for the multi-process test (`test_two_processes`).

Run as `python -m tests.support.shard_process URL SHARD SHARDS FOLDER`: the real bot (core cogs,
the tiny game loaded as the extension `tests.tiny_cog`, as a fresh process loads any game) with
`SHARD_COUNT=SHARDS` and `SHARD_IDS=SHARD`, on the PostgreSQL database at URL, in a simulated
Discord of its own (SimCord) where a guild of its shard plays a game against a computer.
Half-way it writes `FOLDER/ready-SHARD` and waits for every process's file, so that all games
exist before each process restarts its bot; after the restart it checks what its recovery
re-armed and plays on with the old buttons. It prints one JSON object: what it saw.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

import simcord

from bot.app import CardTableBot, create_bot
from bot.settings import Settings
from tests.bot.helpers import hand_cards, start_game, table_message
from tests.support.bots import CORE_EXTENSIONS

MOVES = 3


def make_bot(settings: Settings) -> CardTableBot:
    return create_bot(settings, [*CORE_EXTENSIONS, "tests.tiny_cog"])


async def play(member: simcord.MemberActor, place: simcord.ChannelHandle) -> int:
    """Alice opens her hand and plays her lowest card; returns the card."""
    hand = (await member.click(table_message(place), label="Show my hand")).response
    assert hand is not None, "the hand opens"
    card = hand_cards(hand)[0]
    await member.click(hand, label=f"Play {card}")
    return card


async def wait_for_all(folder: Path, shard: int, shards: int) -> None:
    (folder / f"ready-{shard}").write_text("ready")
    deadline = time.monotonic() + 60
    while not all((folder / f"ready-{other}").exists() for other in range(shards)):
        if time.monotonic() > deadline:
            raise TimeoutError("the other processes did not start their games")
        await asyncio.sleep(0.05)


async def main(url: str, shard: int, shards: int, folder: Path) -> dict[str, Any]:
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=folder / f"unused-{shard}.sqlite3",
        database_url=url,
        shard_count=shards,
        shard_ids=[shard],
        turn_seconds=300,
        computer_delay_seconds=0,
    )
    bots = [make_bot(settings)]
    env = simcord.Env(bots[0])
    await env.start()
    try:
        guild = env.create_guild(shard_id=shard)
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        place = await start_game(env, alice, [], channel, computers=1)
        played = [await play(alice, place) for _ in range(MOVES)]
        await wait_for_all(folder, shard, shards)

        bots.append(make_bot(settings))
        await env.restart_bot(bots[-1])
        armed = len(bots[-1].tables.timers)
        played.append(await play(alice, place))
        game = await bots[-1].tables.game_in(place.id)
        assert game is not None
        return {
            "shard": shard,
            "guild_id": guild.id,
            "game_id": game.id,
            "played": played,
            "action_count": game.action_count,
            "armed_after_restart": armed,
            "locks_held": len(bots[-1].tables.work.locks),
        }
    finally:
        await env.shutdown()
        for bot in bots:
            if bot._db is not None:
                await bot._db.close()


if __name__ == "__main__":
    url, shard, shards, folder = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    print(json.dumps(asyncio.run(main(url, shard, shards, Path(folder)))))
