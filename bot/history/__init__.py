"""Game history and replays, for every registered game.

- `records.py`: the SQL: a server's ended games page by page, one ended game and its log, a
  member's recent results;
- `timeline.py`: a game rebuilt from its seed and action log through its engine, step by step,
  and the bounded, expiring cache of rebuilt games;
- `render.py`: the `/history` page and a replay step as Discord messages;
- `components.py`: their buttons, `discord.ui.DynamicItem`s that work after a restart;
- `service.py`: what the buttons and the `/history` cog call.

Nothing here changes a game: an ended game is only read, and a running one is never shown (its
hands are secret until it ends).
"""
