"""`python -m bot` (what `make run` calls): read the settings, then run the bot until stopped."""

from __future__ import annotations

import logging
import sys

import discord
from pydantic import ValidationError

from bot.app import create_bot
from bot.settings import Settings


def _first_problem(error: ValidationError) -> str:
    issue = error.errors()[0]
    name = str(issue["loc"][0]).upper() if issue["loc"] else "settings"
    return f"{name}: {issue['msg']}"


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        print(f"Invalid setting {_first_problem(error)} (see .env.example).", file=sys.stderr)
        return 2
    token = settings.token()
    if token is None:
        print(
            "DISCORD_TOKEN is not set: put your bot token in .env or the environment "
            "(see .env.example).",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bot = create_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print("Discord rejected DISCORD_TOKEN: copy the bot token again.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "Enable the Message Content intent for this bot in the Discord developer portal "
            "(Bot page); The Game's talk rule needs it.",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
