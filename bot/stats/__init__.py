"""Server standings and player statistics, computed from the results of finished games.

What counts:
- Every finished game of the server (cancelled games never do), in the chosen period: all time,
  this month or this week, by the game's recorded end (UTC boundaries, see `periods`).
- Games with computer seats count and are marked (🤖). Computer seats are never listed. In a
  cooperative game they are part of the team (its result is "with computers"); in the
  competitive games they are anonymous opponents in the rating replay (see `rating`).
- Competitive games list a member after the server's minimum number of games in the period
  (`/settings leaderboard-min-games`, default 3). A cooperative game's tables need no minimum:
  their figures are counts and results, not an estimate that needs enough games. How such a game
  groups and judges its team scores (its modes, what is excellent) is its own `TeamRanking`
  (`bot.stats.model`, declared on its `GameUI`), and its catalog words the figures (see `render`).
- `/stats forget-me` anonymises the member's results everywhere (see `queries.forget_member`).

Modules:
- `model`: finished games as the standings read them (pure data).
- `periods`: where "this week" and "this month" start.
- `rating`: openskill ratings replayed from competitive results.
- `standings`: the rows of every leaderboard, fair shared ranks and pages (pure).
- `queries`: the SQL that reads results, the minimum-games setting and forget-me.
- `render` / `board`: the Discord messages and their buttons.
"""
