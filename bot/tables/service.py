"""The one place that runs a game for any engine, as the bot and the cogs see it.

`TableService` only wires its parts together and names what cogs and buttons may call:

- `core.py`: the host, locks, wake-ups, loading, saving and showing a game;
- `lobby.py`: lobbies, seats, the turn time, starting and cancelling;
- `play.py`: a player's hand and actions, "I'm back", leaving, `/game status`;
- `moves.py`: applying actions and doing what is due (computer moves, timeouts, reminders);
- `recovery.py`: re-arming running games at start-up.

Game cogs plug in through `bot.tables.ui.GameUI` (see its docstring); everything here is generic
over the engine protocol in `games.core.engine`.
"""

from __future__ import annotations

import asyncio

from bot.i18n import Texts
from bot.tables.core import TableCore
from bot.tables.deadline_queue import Wakeup
from bot.tables.host import TableHost
from bot.tables.lobby import Lobbies
from bot.tables.moves import Moves
from bot.tables.play import Play
from bot.tables.records import Game, open_game_in
from bot.tables.recovery import Recovery


class TableService:
    def __init__(self, host: TableHost) -> None:
        self.core = TableCore(host, self._on_wake)
        self.moves = Moves(self.core)
        lobbies = Lobbies(self.core, self.moves)
        play = Play(self.core, self.moves)
        self.live_hands = play.live
        self.create_lobby = lobbies.create_lobby
        self.lobby_message = lobbies.lobby_message
        self.set_lobby_message = lobbies.set_lobby_message
        self.lobby_click = lobbies.lobby_click
        self.turn_time_click = lobbies.turn_time_click
        self.cancel = lobbies.cancel
        self.play_again = lobbies.play_again
        self.show_hand = play.show_hand
        self.step = play.step
        self.move = play.move
        self.back = play.back
        self.leave = play.leave
        self.status_text = play.status_text
        self.ended_here = play.ended_here
        self.recover = Recovery(self.core, self.moves).recover

    def close(self) -> None:
        """Stop waking games (the bot is closing; another process or a restart takes over)."""
        self.core.timers.close()
        self.core.publisher.close()
        self.live_hands.close()

    async def _on_wake(self, game_id: int, wakeup: Wakeup) -> None:
        await self.moves.on_wake(game_id, wakeup)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.core.lock(game_id)

    async def game_in(self, place_id: int) -> Game | None:
        """The lobby or running game of a channel or thread (the talk rule uses this too)."""
        return await open_game_in(self.core.db, place_id)

    async def public_texts(self, game: Game) -> Texts:
        return await self.core.public_texts(game)
