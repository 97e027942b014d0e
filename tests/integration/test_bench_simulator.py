"""The benchmark's index of SimCord's polls (`loadbench.simulator.index_polls`) closes a poll
when SimCord's own scan of every message would: not before its expiry, and at it."""

from __future__ import annotations

import datetime

import discord
import simcord
from simcord.backend.models.message import Message

from bot.app import CardTableBot
from loadbench.simulator import index_polls


async def test_an_indexed_poll_closes_at_its_expiry(
    simcord_env: simcord.Env, simcord_bot: CardTableBot
) -> None:
    index_polls(simcord_env.backend)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("polls")
    target = simcord_bot.get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    poll = discord.Poll("Which game tonight?", duration=datetime.timedelta(hours=1))
    poll.add_answer(text="The Game")
    poll.add_answer(text="Level 8")
    sent = await target.send(poll=poll)
    await simcord_env.settle()

    def closed() -> bool:
        stored: Message = simcord_env.backend.get_message(channel.id, sent.id)
        assert stored.poll is not None
        return stored.poll.finalized

    assert simcord_env.backend.next_poll_deadline() is not None
    await simcord_env.advance_time(3590)
    assert not closed()
    await simcord_env.advance_time(20)
    assert closed()
    assert simcord_env.backend.next_poll_deadline() is None
