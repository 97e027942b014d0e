"""Every registered game on Discord, the tests' tiny game included, held to the same checks: a
new game is tested here by being registered (its cog found in `cogs/`, its `GameUI` in `ui.py`).

Each game is played whole twice by two people and computers, and many things are checked on
each played game rather than a game played per check:

- at a quick pace (computers without pause, people clicking at once), every table option away
  from its default: every channel within
  Discord's rate budget, the thread ending on the final table and the end-of-game message, the
  results recorded as the engine ranks them, every message the bot sent within Discord's size
  limits, the game on `/leaderboard` and `/stats`, and **Play again** (refused to a stranger, a
  lobby with the same seats and options for a player) when the game has an end-of-game message;
- at the default pace with live hands (computers after the default pause, each person opening
  their hand once and keeping it): the rate budget again and the final table, each person's hand
  opened once for the whole game, and how many interactions the game's moves took.

A game plays through its own driver (`tests/bot/<area>/driver.py`, `Driver`) when it has steps
of its own in the UI, otherwise through `ActionDriver`, which clicks the control that carries
each move; its deal is its own tests' (`tests/bot/<area>/conftest.py`, `SEED`). What only one
game has is checked by its hooks, `tests/bot/<area>/checks.py` (`after_a_quick_game`,
`with_hands_kept`), on the same played games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import simcord

from bot.i18n import Texts
from bot.settings import Settings
from bot.tables.commands import area
from bot.tables.render import game_name
from tests.bot.helpers import button_labels, query
from tests.bot.stats.helpers import embed_of, field_value, leaderboard
from tests.support.discord_limits import check_sent_messages
from tests.support.games import GameUnderTest, engine_of, every_game_fixtures
from tests.support.messages import fields
from tests.support.rate_limits import BUDGET, ends_on_the_final_table, play_counting
from tests.support.table_driver import TableDriver

PEOPLE = ("alice", "bob")
COMPUTERS = 2


def seated_computers(game: GameUnderTest) -> int:
    return min(COMPUTERS, engine_of(game.key).max_players - len(PEOPLE))


game, bot_extensions, register_games, fixed_deal = every_game_fixtures("cogs.leaderboard")





@dataclass
class Played:
    driver: TableDriver[Any, Any]
    channel: simcord.ChannelHandle
    lobby: dict[str, str]
    """The lobby's fields once the game started (seats and options)."""


def other_options(key: str) -> dict[str, Any]:
    """Every table option of the game away from its default, by its `/play` name: a switch
    turned, another choice, a number one step in."""
    tr = Texts("en")
    chosen: dict[str, Any] = {}
    for option in engine_of(key).game_type.options:
        if option.type is bool:
            value: Any = not option.default
        elif option.choices:
            value = next(choice for choice in option.choices if choice != option.default)
        elif option.minimum is None or option.default - 1 >= option.minimum:
            value = option.default - 1
        else:
            value = option.default + 1
        chosen[tr(f"{area(key)}.option.{option.name}.name")] = value
    return chosen


async def played(
    env: simcord.Env,
    settings: Settings,
    game: GameUnderTest,
    *,
    default_pace: bool,
    options: dict[str, Any] | None = None,
) -> Played:
    """One whole game of two people and computers (with the `/play` `options`), every channel
    within its rate budget, ending on the final table."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name)) for name in PEOPLE]
    driver = await game.driver.start(
        env, settings, members, channel, computers=seated_computers(game), **(options or {})
    )
    lobby = fields(channel.history()[0])
    most = await play_counting(driver, default_pace=default_pace)
    assert max(most.values()) <= BUDGET, most
    ends_on_the_final_table(driver)
    return Played(driver, channel, lobby)


async def test_a_quick_game(
    simcord_env: simcord.Env, settings: Settings, game: GameUnderTest
) -> None:
    env = simcord_env
    game_played = await played(
        env, settings, game, default_pace=False, options=other_options(game.key)
    )
    driver, channel = game_played.driver, game_played.channel
    engine = engine_of(game.key)

    result = engine.result(driver.state())
    assert result is not None
    recorded = query(settings.database_path, "SELECT seat, rank, score, won FROM results")
    assert sorted(recorded) == sorted(
        (entry.seat, entry.rank, entry.score, int(entry.won)) for entry in result.seats
    )
    assert check_sent_messages(env) > len(driver.moves)

    alice = driver.players[0].member
    name = game_name(game.key, Texts("en"))
    stats = (await alice.slash(channel, "stats show")).response
    assert stats is not None
    assert field_value(stats, name) != "No finished game recorded yet."
    board = await leaderboard(alice, channel, game.key)
    assert (embed_of(board).title or "").startswith(name)

    if (after := game.hook("after_a_quick_game")) is not None:
        await after(driver, settings, channel)
    await check_play_again(env, game_played)


async def check_play_again(env: simcord.Env, game: Played) -> None:
    """Under the end-of-game message: refused to a stranger; a lobby in the same channel with
    the same seats (computers included) and options for a player, hosted by them; refused
    while that lobby is open; a player who leaves it is not seated when it starts."""
    driver, channel = game.driver, game.channel
    final = driver.thread.history()[-1]
    assert "Play again" in button_labels(final)
    stranger = channel.guild.add_member(env.create_user("carol"))
    refused = (await stranger.click(final, label="Play again")).response
    assert refused is not None and refused.content == "You are not playing in this game."
    bob = driver.players[1].member
    answer = (await bob.click(final, label="Play again")).response
    assert answer is not None
    assert answer.content == f"A new table with the same seats is open in <#{channel.id}>."
    lobby = fields(channel.history()[-1])
    assert lobby["Host"] == f"<@{bob.id}>"
    assert lobby["Options"] == game.lobby["Options"]
    assert seat_lines(lobby) == seat_lines(game.lobby)
    alice = driver.players[0].member
    again = (await alice.click(final, label="Play again")).response
    assert again is not None and again.content.startswith("There is already a game")

    await alice.click(channel.history()[-1], label="Leave")
    await bob.click(channel.history()[-1], label="Start")
    seats = query(
        driver.db, "SELECT seat, user_id FROM seats WHERE game_id = (SELECT MAX(id) FROM games)"
    )
    computers = sum("🤖" in line for line in seat_lines(game.lobby))
    assert sorted(seats) == [(0, bob.id), *((n, None) for n in range(1, computers + 1))]


def seat_lines(lobby: dict[str, str]) -> list[str]:
    return next(value for name, value in lobby.items() if name.startswith("Seats")).splitlines()


async def test_a_game_at_the_default_pace_with_hands_kept(
    simcord_env: simcord.Env, settings: Settings, game: GameUnderTest
) -> None:
    driver = (await played(simcord_env, settings, game, default_pace=True)).driver
    kept = driver.clicks_with_hands_kept()
    assert kept and all(clicks >= 1 for _, _, clicks in kept)
    if (check := game.hook("with_hands_kept")) is not None:
        check(driver, kept)
