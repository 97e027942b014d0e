"""The table service: lobbies, seats, turns, locks, timers, persistence and recovery for any engine.

Game cogs plug in through `bot.tables.ui.GameUI` (see its docstring); everything else here is
generic over the engine contract `games.core.base.BaseEngine`.
"""
