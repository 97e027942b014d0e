"""Start-up: re-arm the timers of every running game this process serves.

Lobbies need nothing: their buttons are dynamic items that find the game by id.
"""

from __future__ import annotations

import logging

from bot.tables.core import TableCore
from bot.tables.moves import Moves
from bot.tables.records import Game, GameStatus, load_actions, load_game, open_game_ids
from bot.tables.replay import replay
from bot.tables.turns import Running

log = logging.getLogger(__name__)


class Recovery:
    def __init__(self, core: TableCore, moves: Moves) -> None:
        self.core = core
        self.moves = moves

    async def recover(self) -> int:
        """Returns the number of running games re-armed."""
        count = 0
        host = self.core.host
        for game_id, guild_id in await open_game_ids(self.core.db):
            if not host.serves_guild(guild_id):
                continue
            game = await load_game(self.core.db, game_id)
            if game is None or game.status is not GameStatus.RUNNING:
                continue
            if host.games.playable(game.game_key) is None:
                log.warning("game %s (%s) has no engine or UI loaded", game_id, game.game_key)
                continue
            self.moves.arm(await self._recovered(game))
            count += 1
        return count

    async def _recovered(self, game: Game) -> Running:
        """The running game, replayed from its seed and action log when its snapshot no longer
        loads; the rebuilt snapshot is saved so later loads are fast again."""
        try:
            return self.core.running(game)
        except ValueError:
            log.warning("game %s: snapshot unreadable, replaying its action log", game.id)
        engine, _ = self.core.engine_ui(game.game_key)
        actions = await load_actions(self.core.db, game.id)
        state = replay(engine, game.config, len(game.seats), game.seed, actions)
        game.state = state.model_dump_json()
        await self.core.save(game)
        return self.core.running(game)
