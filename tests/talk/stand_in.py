"""The tiny game standing in for The Game in the talk-rule tests: the talk rule watches only
games under The Game's key, so these tests register the tiny game under it, explicitly."""

from __future__ import annotations

from functools import partial

from bot.app import CardTableBot
from tests.bot.helpers import start_game
from tests.support.catalogs import game_locales
from tests.support.stand_in_engine import STAND_IN_ENGINE
from tests.tiny_cog.ui import TinyUI

THE_GAME = "the-game"


class TalkTinyUI(TinyUI):
    key = THE_GAME
    locales = game_locales("the_game")


def register_stand_in(bot: CardTableBot) -> None:
    bot.games.register(TalkTinyUI(), engine=STAND_IN_ENGINE)


TALK_GAME = f"play {THE_GAME}"
"""The stand-in's `/play` command."""

start_talk_game = partial(start_game, command=TALK_GAME)
"""`start_game` opening the stand-in."""
