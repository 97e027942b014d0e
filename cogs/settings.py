"""`/settings` (Manage Server): public language, default turn time, talk-rule mode."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import CardTableBot
from bot.guild_settings import TalkRule, get_guild_settings, save_guild_settings
from bot.i18n import Texts, interaction_locale
from bot.i18n.translator import command_text as _
from bot.stats.queries import min_games, set_min_games
from bot.tables.components import guarded
from bot.tables.errors import TableError
from bot.tables.render import duration


class ServerSettings(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("settings.name"), description=_("settings.description"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(
        language=_("settings.language.name"),
        turn_minutes=_("settings.turn_minutes.name"),
        talk_rule=_("settings.talk_rule.name"),
        leaderboard_min_games=_("settings.min_games.name"),
    )
    @app_commands.describe(
        language=_("settings.language.description"),
        turn_minutes=_("settings.turn_minutes.description"),
        talk_rule=_("settings.talk_rule.description"),
        leaderboard_min_games=_("settings.min_games.description"),
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name=_("settings.language.auto"), value="auto"),
            app_commands.Choice(name=_("settings.language.en"), value="en"),
            app_commands.Choice(name=_("settings.language.fr"), value="fr"),
        ],
        talk_rule=[
            app_commands.Choice(name=_("settings.talk_rule.delete"), value="delete"),
            app_commands.Choice(name=_("settings.talk_rule.warn"), value="warn"),
            app_commands.Choice(name=_("settings.talk_rule.off"), value="off"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        language: str | None = None,
        turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
        talk_rule: TalkRule | None = None,
        leaderboard_min_games: app_commands.Range[int, 1, 100] | None = None,
    ) -> None:
        """Without options it shows the current settings; with options it changes them."""

        async def handler() -> None:
            if interaction.guild is None:
                raise TableError("guild_only")
            if not interaction.permissions.manage_guild:
                raise TableError("manage_server")
            db = self.bot.db
            current = await get_guild_settings(db, interaction.guild.id, fresh=True)
            changed = current
            if language is not None:
                changed = replace(changed, locale=None if language == "auto" else language)
            if turn_minutes is not None:
                changed = replace(changed, turn_seconds=turn_minutes * 60)
            if talk_rule is not None:
                changed = replace(changed, talk_rule=talk_rule)
            if changed != current:
                await save_guild_settings(db, changed)
            minimum = await min_games(db, interaction.guild.id)
            minimum_changed = leaderboard_min_games not in (None, minimum)
            if leaderboard_min_games is not None and minimum_changed:
                await set_min_games(db, interaction.guild.id, leaderboard_min_games)
                minimum = leaderboard_min_games
            saved = changed != current or minimum_changed
            tr = Texts(interaction_locale(interaction))
            lines = [tr("settings.saved") if saved else tr("settings.current")]
            locale = changed.locale or "auto"
            lines.append(tr("settings.language", value=tr(f"settings.lang.{locale}")))
            seconds = changed.turn_seconds or self.bot.settings.turn_seconds
            lines.append(tr("settings.turn_time", value=duration(seconds, tr)))
            lines.append(tr("settings.talk_rule", value=tr(f"settings.talk.{changed.talk_rule}")))
            if changed.talk_rule != "off" and not self.bot.intents.message_content:
                lines.append(tr("settings.no_message_content"))
            lines.append(tr("settings.min_games", value=minimum))
            await interaction.response.send_message("\n".join(lines), ephemeral=True)

        await guarded(interaction, handler)


async def setup(bot: CardTableBot) -> None:
    await bot.add_cog(ServerSettings(bot))
