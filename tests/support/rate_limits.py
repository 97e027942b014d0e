"""Counting what Discord's per-channel rate limit counts, on the bot's clock.

Discord lets a bot create, edit or delete about 5 messages per channel in 5 seconds; past that,
discord.py waits (SimCord does not), and the table lags behind the game. The recorder wraps the
bot's REST client, so it sees exactly what the bot asks of a channel: interaction answers and
the live hands' edits go through the interaction's webhook instead and are not counted, as
Discord does not count them against the channel either.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, cast

from bot import clock
from bot.app import CardTableBot
from bot.settings import Settings
from tests.support.table_driver import TableDriver, drain, game_status

WINDOW = 5.0
BUDGET = 5
WRITES = ("POST", "PATCH", "DELETE")
MESSAGES = ("/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}")


class ChannelWrites:
    """Every message create, edit and delete the bot sent, by channel, with its moment."""

    def __init__(self, bot: CardTableBot) -> None:
        self.moments: defaultdict[int, list[float]] = defaultdict(list)
        request = bot.http.request

        async def counted(route: Any, **options: Any) -> Any:
            if route.method in WRITES and route.path in MESSAGES:
                self.moments[int(route.channel_id)].append(clock.now())
            return await request(route, **options)

        bot.http.request = counted  # type: ignore[method-assign]

    def most_in_window(self, channel_id: int) -> int:
        """The most writes to the channel within any `WINDOW` seconds."""
        moments = sorted(self.moments[channel_id])
        return max(
            (
                sum(1 for later in moments[index:] if later < moment + WINDOW)
                for index, moment in enumerate(moments)
            ),
            default=0,
        )


async def play_counting(driver: TableDriver[Any, Any], *, default_pace: bool) -> dict[int, int]:
    """Plays the driver's game to the end, at a quick pace (computers without pause, people
    clicking without waiting) or at the default one (computers after the settings' default
    pause, people reading their live hand first); then lets the clock run, a window at a time, until
    what waited for the channel's budget is sent. The most writes in a window, by channel."""
    env = driver.env
    bot = cast(CardTableBot, env.bot)
    if default_pace:
        default_delay = Settings.model_fields["computer_delay_seconds"].default
        bot.settings.computer_delay_seconds = default_delay
        driver.live = True
    writes = ChannelWrites(bot)
    for _ in range(driver.most_steps):
        if game_status(driver.db) != "running":
            break
        if set(driver.engine.to_act(driver.state())) & set(driver.players):
            await driver.play_one()
        else:
            await env.advance_time(bot.settings.computer_delay_seconds)
    await drain(env)
    return {channel: writes.most_in_window(channel) for channel in writes.moments}


def ends_on_the_final_table(driver: TableDriver[Any, Any]) -> None:
    """The thread ends on the final table (results, no controls) and the end-of-game message:
    nothing the budget held back was lost or left behind."""
    *_, table, final = driver.thread.history()
    assert table.content.startswith("🏁 Game over."), table.content
    assert table.components == []
    assert final.embeds, final.content
