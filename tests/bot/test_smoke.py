from __future__ import annotations

import simcord


async def test_play_join_start(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    result = await alice.slash(channel, "play the-game")
    lobby = result.response
    assert lobby is not None
    print(lobby.message.embeds[0].to_dict())
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    print(env.transcript())
    threads = channel.threads
    assert threads
    print([m.content for m in threads[0].history()])
