"""Server standings and player statistics, computed from the results of finished games.

- `model`: finished games as the standings read them (pure data).
- `periods`: where "this week" and "this month" start.
- `rating`: openskill ratings replayed from competitive results.
- `standings`: the rows of every leaderboard, fair shared ranks and pages (pure).
- `queries`: the SQL that reads results, the minimum-games setting and forget-me.
- `render` / `components`: the Discord messages and their buttons.
"""
