"""`make play`: the real bot (same cogs, database code and engines) against SimCord's offline
simulated Discord, played from a local web page.

- `world`: the simulated server (guild, #games, members) and the file that keeps it between runs.
- `session`: the running bot and world; every member's action goes through SimCord, one at a time,
  while the simulated clock follows the wall clock.
- `client_locale`: each member's Discord client language, put in their interactions' payloads.
- `view`: what one member sees in one channel or thread, as JSON for the page.
- `server`: the loopback HTTP server the page talks to; `static/` holds the page itself.
- `chromium`: headless Chromium driven over the DevTools protocol (the page's tests use it too).
- `screenshots`: `python -m playground.screenshots`, each game's table and hand photographed.

SimCord's own preview (`simcord[preview]`, 3.2) renders messages faithfully and lets a viewer
click, choose, run commands and write, each viewer seeing their own ephemeral messages; but one
preview presents one channel of one environment, so it cannot follow a game into its thread, and
it republishes only after its own actions. The page here is ours for that reason; everything it
does still goes through SimCord's members and its visibility rules, never around them.
"""
