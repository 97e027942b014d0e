"""The running playground: the real bot attached to SimCord, the world, and the actions a person
takes as one of the members.

SimCord runs one operation at a time (a command, a click, a message, moving the clock), so every
action waits for a lock. The simulated clock only moves when told to (the bot's timed wait is
declared to SimCord, `waits`): a ticker moves it to the wall clock a few times a second, which
lets computer players' pauses, turn timers and the talk rule's fading notices happen while the
person watches. The world is saved whenever it changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import simcord
from simcord.interactions import parse_option_input

from bot.app import CardTableBot, create_bot
from bot.settings import Settings
from playground import waits
from playground import world as worlds
from playground.client_locale import LANGUAGES, ClientLocales
from playground.world import World

log = logging.getLogger(__name__)

TICK_SECONDS = 0.25
USER_OPTION = 6

T = TypeVar("T")


class ActionError(Exception):
    """What a person tried cannot be done (a message they cannot see, an unknown command, a
    wrong option); the text is shown on the page."""


class Playground:
    """The bot and its simulated server for one `make play`; the web server calls the actions
    with the member and the place the page shows, and reads the world through `view`."""

    def __init__(self, settings: Settings, world_path: Path) -> None:
        self.settings = settings
        self.world_path = world_path
        self._lock = asyncio.Lock()
        self._env: simcord.Env | None = None
        self._world: World | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._errors_seen = 0
        self._saved_changes = -1
        self._client_locales = ClientLocales(lambda user_id: self.world.locale(user_id))
        self._undeclare_sleep: Callable[[], None] | None = None
        self.bot_errors: list[str] = []
        self.restored = False

    @property
    def env(self) -> simcord.Env:
        if self._env is None:
            raise RuntimeError("the playground is not started")
        return self._env

    @property
    def world(self) -> World:
        if self._world is None:
            raise RuntimeError("the playground is not started")
        return self._world

    @property
    def bot(self) -> CardTableBot:
        bot = self.env.bot
        assert isinstance(bot, CardTableBot)
        return bot

    async def start(self) -> None:
        env = simcord.Env(create_bot(self.settings), check_errors=False)
        ids = worlds.restore(env, self.world_path)
        worlds.follow_wall_clock(env)
        self._client_locales.install()
        self._undeclare_sleep = waits.declare(env)
        try:
            await env.start()
        except BaseException:
            self._restore_patches()
            raise
        self._env = env
        self.restored = ids is not None
        self._world = worlds.reattach(env, ids) if ids is not None else worlds.build(env)
        self._collect_errors()
        self._save_if_changed()
        self._ticker = asyncio.create_task(self._follow_wall_clock())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self._env is not None:
            bot = self.bot
            async with self._lock:
                worlds.save(self._env, self.world, self.world_path)
                await self._env.shutdown()
            # SimCord detaches the bot without closing it; closing it closes the database.
            await bot.close()
            self._env = None
        self._restore_patches()

    def _restore_patches(self) -> None:
        self._client_locales.remove()
        if self._undeclare_sleep is not None:
            self._undeclare_sleep()
            self._undeclare_sleep = None

    async def _follow_wall_clock(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            behind = (datetime.now(UTC) - self.env.now()).total_seconds()
            if behind <= 0:
                continue
            try:
                await self.run(functools.partial(self.env.advance_time, behind))
            except TimeoutError as error:
                log.warning("the bot did not settle while the clock moved: %s", error)
            except Exception:
                # The clock must keep moving for the games to go on; the next tick tries again.
                log.exception("moving the simulated clock failed")

    async def run(self, action: Callable[[], Awaitable[T]]) -> T:
        """Runs `action` (something done to SimCord: a member's action, moving the clock) alone,
        within the simulated clock; the bot's errors are collected and the world saved after."""
        async with self._lock:
            try:
                with self.env.time_context():
                    return await action()
            finally:
                self._collect_errors()
                self._save_if_changed()

    def _save_if_changed(self) -> None:
        """Saves the world when anything crossed SimCord's REST or gateway seams since the last
        save (a clock tick mostly changes nothing)."""
        changes = len(self.env.backend.transcript)
        if changes != self._saved_changes:
            worlds.save(self.env, self.world, self.world_path)
            self._saved_changes = changes

    def _collect_errors(self) -> None:
        """Errors the bot raised (in a callback, a task, a listener) are logged in full and
        listed on the page, so whoever changes a layout sees them at once."""
        env = self.env
        for error in env.errors_since(self._errors_seen):
            log.error("bot error", exc_info=error)
            self.bot_errors.append(f"{type(error).__name__}: {error}")
        self._errors_seen = env.error_cursor

    @contextlib.asynccontextmanager
    async def _acting(self) -> AsyncIterator[None]:
        """Turns SimCord's refusals (what a real client would not let a person do) into
        ActionError."""
        try:
            yield
        except (simcord.SetupError, simcord.BackendError, KeyError, ValueError) as error:
            raise ActionError(str(error) or type(error).__name__) from error
        except TimeoutError as error:
            raise ActionError("the bot did not answer in time (see the terminal)") from error

    async def set_locale(self, member_id: int, locale: str) -> None:
        """Switches the member's Discord client language: their next interactions carry it, as
        after changing the language in Discord's settings. Saved at once, a change the bot never
        hears of."""
        async with self._acting():
            if locale not in LANGUAGES:
                raise ActionError(f"no client language {locale!r}")
            member = self.world.member(member_id)
            async with self._lock:
                self.world.locales[member.id] = locale
                worlds.save(self.env, self.world, self.world_path)

    async def run_command(
        self, member_id: int, place_id: int, path: Sequence[str], raw_options: dict[str, Any]
    ) -> None:
        async with self._acting():
            member = self.world.member(member_id)
            place = self.world.place(place_id)
            command = self._command(member, place, path)
            options = self._options(member, command, raw_options)
            invocation = " ".join(path)
            await self.run(lambda: member.slash(place, invocation, **options))

    async def click(self, member_id: int, place_id: int, message_id: int, custom_id: str) -> None:
        async with self._acting():
            member = self.world.member(member_id)
            message = self._message(member, place_id, message_id)
            await self.run(lambda: member.click(message, custom_id=custom_id))

    async def select(
        self, member_id: int, place_id: int, message_id: int, custom_id: str, values: list[str]
    ) -> None:
        async with self._acting():
            member = self.world.member(member_id)
            message = self._message(member, place_id, message_id)
            await self.run(lambda: member.select(message, values, custom_id=custom_id))

    async def send(self, member_id: int, place_id: int, text: str) -> None:
        async with self._acting():
            if not text.strip():
                raise ActionError("empty message")
            member = self.world.member(member_id)
            place = self.world.place(place_id)
            await self.run(lambda: member.send(place, text))

    async def react(self, member_id: int, place_id: int, message_id: int, emoji: str) -> None:
        async with self._acting():
            member = self.world.member(member_id)
            message = self._message(member, place_id, message_id)
            await self.run(lambda: member.react(message, emoji))

    def _message(self, member: simcord.MemberActor, place_id: int, message_id: int) -> Any:
        for message in self.world.place(place_id).history(viewer=member):
            if message.id == message_id:
                return message
        raise ActionError("this member cannot see that message")

    def commands(self, member: simcord.MemberActor, place: simcord.ChannelHandle) -> list[Any]:
        """The synced slash commands this member may use here, as SimCord registered them."""
        return list(self.env.backend.visible_commands(user_id=member.id, channel_id=place.id))

    def _command(
        self, member: simcord.MemberActor, place: simcord.ChannelHandle, path: Sequence[str]
    ) -> dict[str, Any]:
        """The leaf command at `path` (`["play", "the-game"]`)."""
        options: list[dict[str, Any]] = self.commands(member, place)
        found: dict[str, Any] | None = None
        for name in path:
            found = next((item for item in options if item["name"] == name), None)
            if found is None:
                raise ActionError(f"no command /{' '.join(path)} here")
            options = found.get("options") or []
        if found is None:
            raise ActionError("no command given")
        return found

    def _options(
        self, member: simcord.MemberActor, command: dict[str, Any], raw: dict[str, Any]
    ) -> dict[str, Any]:
        """Browser values (strings, booleans, member ids) checked and typed the way Discord's
        client would before sending the command."""
        typed: dict[str, Any] = {}
        for option in command.get("options") or []:
            name = option["name"]
            if name not in raw or raw[name] in ("", None):
                continue
            if option["type"] == USER_OPTION:
                typed[name] = self.world.member(int(raw[name]))
            else:
                typed[name] = parse_option_input(command["name"], option, raw[name])
        unknown = set(raw) - {option["name"] for option in command.get("options") or []}
        if unknown:
            raise ActionError(f"unknown option {sorted(unknown)[0]}")
        return typed


def playground_settings(
    database_path: Path, computer_delay_seconds: float, deal_seed: int | None = None
) -> Settings:
    """The bot's settings for the playground: its own SQLite file (never an exported
    DATABASE_URL's server), one shard, commands synced to SimCord (which registers them like
    Discord), and nothing read from `.env` (a real bot's DEV_GUILD_ID or shard split would not
    fit the simulated server); the card faces are uploaded to SimCord as to Discord, and the
    page shows them from the bot's own drawings (`/faces/<name>.png`). `deal_seed` deals every
    game from that seed (the screenshot command's fixed moments). The environment still
    sets the rest, e.g. TURN_SECONDS to watch turn timers run out sooner; an invalid value
    raises pydantic's `ValidationError`."""
    return Settings(
        _env_file=None,
        discord_token=None,
        database_path=database_path,
        database_url=None,
        dev_guild_id=None,
        shard_count=1,
        shard_ids=None,
        computer_delay_seconds=computer_delay_seconds,
        sync_commands=True,
        card_emojis=True,
        deal_seed=deal_seed,
    )
