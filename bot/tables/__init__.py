"""The table service: lobbies, seats, turns, locks, timers, persistence and recovery for any engine.

The way in is `bot.tables.service.TableService`, driven by plain values; the flow of a click is
drawn in docs/architecture.md. Game cogs plug in through `bot.tables.ui.GameUI` (see its
docstring); everything else here is generic over the engine contract `games.core.base.BaseEngine`.
"""
