"""The leaderboard commands as Discord lists them: French names, and a place in `/help`."""

from __future__ import annotations

import simcord


async def test_leaderboard_commands_carry_french_names(simcord_env: simcord.Env) -> None:
    tree = simcord_env.bot.tree  # type: ignore[attr-defined]
    payload = {
        command["name"]: command
        for command in [
            await command.get_translated_payload(tree, tree.translator)
            for command in tree.get_commands()
        ]
    }
    assert payload["leaderboard"]["name_localizations"]["fr"] == "classement"
    subcommands = {option["name"]: option for option in payload["stats"]["options"]}
    assert subcommands["forget-me"]["name_localizations"]["fr"] == "oublie-moi"
    assert subcommands["show"]["name_localizations"]["fr"] == "voir"
    settings = {option["name"] for option in payload["settings"]["options"]}
    assert "leaderboard-min-games" in settings


async def test_help_mentions_the_leaderboards(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    answer = (await alice.slash(channel, "help")).response
    assert answer is not None
    text = answer.embeds[0].description or ""
    for command in ("/leaderboard", "/stats show", "/stats forget-me"):
        assert command in text
