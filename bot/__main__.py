"""`python -m bot` (what `make run` calls): read the settings, then run the bot until stopped.

A bot whose owner has not enabled the privileged Message Content intent still runs: Discord
refuses the first connection, and the bot connects again without the intent (The Game's talk rule
then only checks reactions, and `/settings` says so).
"""

from __future__ import annotations

import logging
import signal
import sys

import aiohttp
import discord
from pydantic import ValidationError

from bot.app import create_bot
from bot.settings import Settings, settings_problem

log = logging.getLogger(__name__)


def stop_on_sigterm() -> None:
    """Service managers (systemd, Docker, `kill`) stop a process with SIGTERM, which Python would
    end on the spot. Treated as Ctrl-C instead, which discord.py turns into a clean `close()`: the
    ids of tables posted since their games' last change are stored, so a planned restart does not
    post those tables again, with their mentions, as it must after a crash
    (docs/crash-recovery.md)."""
    signal.signal(signal.SIGTERM, lambda _signum, _frame: signal.raise_signal(signal.SIGINT))


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as error:
        print(f"{settings_problem(error)} (see .env.example).", file=sys.stderr)
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
    stop_on_sigterm()
    try:
        try:
            create_bot(settings).run(token, log_handler=None)
        except discord.PrivilegedIntentsRequired:
            log.warning(
                "Discord refused the Message Content intent (enable it in the developer portal, "
                "Bot page); starting again without it."
            )
            create_bot(settings, message_content=False).run(token, log_handler=None)
    except discord.LoginFailure:
        print("Discord rejected DISCORD_TOKEN: copy the bot token again.", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, OSError) as error:
        message = f"Cannot reach Discord ({error}): check the network and start again."
        print(message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
