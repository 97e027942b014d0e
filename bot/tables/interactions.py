"""The Discord adapter of the table service: an interaction (a click, a command) turned into the
service's plain call (who, which game, which action, which locale), and answered.

Nothing here decides anything about a game: the service does (`bot.tables.service`), and shows
its changes through publishing (`bot.tables.publishing`). What stays here is what only Discord
has: acknowledging within 3 seconds, answering ephemerally in the member's language, the hand
message a click edits (which becomes a live hand), a game's thread opened from its lobby.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol, cast

import discord

from bot.i18n import Texts, interaction_locale
from bot.tables import render
from bot.tables.clicks import Actions, Control, HandShown, Step
from bot.tables.components import (
    ActionClick,
    CancelClick,
    Click,
    GameClick,
    LobbyClick,
    StepClick,
    TurnTimeClick,
    answer,
    guarded,
)
from bot.tables.errors import TableError
from bot.tables.host import TableHost
from bot.tables.lobby_rules import game_closed
from bot.tables.presenting import ended_text, hand_message, status_text
from bot.tables.publishing import DiscordPublishing
from bot.tables.records import Game
from bot.tables.service import Lobby, TableService

log = logging.getLogger(__name__)


class TablesClient(TableHost, Protocol):
    tables: TableService
    publishing: DiscordPublishing


def client_of(interaction: discord.Interaction[Any]) -> TablesClient:
    return cast(TablesClient, interaction.client)


def texts_of(interaction: discord.Interaction[Any]) -> Texts:
    return Texts(interaction_locale(interaction))


async def handle(interaction: discord.Interaction[Any], click: Click) -> None:
    """A click on any table control (`bot.tables.components`)."""
    await guarded(interaction, lambda: _handle(interaction, click))


async def _handle(interaction: discord.Interaction[Any], click: Click) -> None:
    if isinstance(click, LobbyClick):
        await _lobby_click(interaction, click)
    elif isinstance(click, TurnTimeClick):
        await interaction.response.defer()
        tables = client_of(interaction).tables
        await tables.set_turn_time(click.game_id, click.value, _who(interaction))
    elif isinstance(click, GameClick):
        if click.kind in ("hand", "mine"):
            await show_hand(interaction, click.game_id)
        elif click.kind == "back":
            await _back(interaction, click.game_id)
        else:
            await _play_again(interaction, click.game_id)
    elif isinstance(click, CancelClick):
        await _answer_cancel(interaction, click)
    elif isinstance(click, StepClick):
        step = Step(click.payload, click.values)
        await _act(interaction, click.game_id, click.seat, click.version, step)
    elif isinstance(click, ActionClick):
        await _act(interaction, click.game_id, click.seat, click.version, Actions(click.refs))


def _who(interaction: discord.Interaction[Any]) -> Lobby:
    message = interaction.message
    return Lobby(
        user_id=interaction.user.id,
        name=interaction.user.display_name,
        message_id=message.id if message is not None else None,
        manager=bool(interaction.permissions.manage_guild),
    )


async def open_table(
    interaction: discord.Interaction[Any], key: str, options: dict[str, Any]
) -> None:
    """A lobby message for game `key` in the channel or thread the command was used in."""

    async def handler() -> None:
        channel = interaction.channel
        if interaction.guild is None:
            raise TableError("guild_only")
        if not isinstance(channel, (discord.TextChannel, discord.Thread)):
            raise TableError("wrong_channel")
        client = client_of(interaction)
        game = await client.tables.create_lobby(
            guild_id=interaction.guild.id,
            channel_id=channel.id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            game_key=key,
            options=options,
        )
        await interaction.response.send_message(**await client.publishing.lobby_message(game))
        message = await interaction.original_response()
        await client.tables.set_lobby_message(game.id, message.id)

    await guarded(interaction, handler)


async def _lobby_click(interaction: discord.Interaction[Any], click: LobbyClick) -> None:
    """A lobby button. The click is acknowledged at once; the lobby message is edited by
    publishing, in the order of the changes, so concurrent clicks never leave an older seat list
    on screen."""
    await interaction.response.defer()
    client = client_of(interaction)
    who = _who(interaction)
    try:
        if click.op == "start":
            game = await client.tables.can_start(click.game_id, who.user_id)
            thread = await _open_thread(client, game, interaction.message)
            await client.tables.start(click.game_id, who, thread.id if thread else None)
        else:
            await client.tables.lobby(click.game_id, click.op, who)
    except TableError as error:
        if error.code == "lobby_closed":
            # Only a message left behind shows a closed lobby's buttons: one whose update a
            # crash or Discord prevented, or one replaced by a new `/play`.
            game = await client.tables.load(click.game_id)
            try:
                message = await client.publishing.lobby_message(game)
                await interaction.edit_original_response(**message)
            except discord.HTTPException:
                log.warning("game %s: could not show a closed lobby", click.game_id)
        raise


async def _open_thread(
    client: TablesClient, game: Game, lobby: discord.Message | None
) -> discord.Thread | None:
    """A public thread from the lobby message when the bot may create one and post in it; the
    one it already has when a Start stopped by a crash opened it before the game was stored."""
    channel = client.get_channel(game.channel_id)
    if lobby is None or not isinstance(channel, discord.TextChannel):
        return None
    permissions = channel.permissions_for(channel.guild.me)
    if not (permissions.create_public_threads and permissions.send_messages_in_threads):
        return None
    if lobby.thread is not None:
        return lobby.thread
    tr = await client.publishing.texts(game)
    name = tr("table.thread_name", game=render.game_name(game.game_key, tr), id=game.id)
    try:
        return await lobby.create_thread(name=name[:100])
    except discord.HTTPException:
        log.warning("could not open a thread for game %s; playing in the channel", game.id)
        return None


async def show_hand(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Open (or reopen) the member's hand as an ephemeral message with its controls, which
    becomes their live hand in this game."""
    client = client_of(interaction)
    tr = texts_of(interaction)
    hand = await client.tables.hand(game_id, interaction.user.id)
    message = hand_message(hand.running, hand.seat, "", tr, None, client.card_faces)
    if message["view"] is None:
        del message["view"]
    message_id = await answer(interaction, **message)
    await client.publishing.live_hands.shown(interaction, message_id, message, hand.running, "", tr)


async def _act(
    interaction: discord.Interaction[Any], game_id: int, seat: int, version: int, control: Control
) -> None:
    """A click on a hand control: answered by editing that hand, which becomes the live one."""
    await interaction.response.defer()
    client = client_of(interaction)
    tr = texts_of(interaction)

    async def reply(hand: HandShown) -> None:
        notice = tr(hand.notice) if hand.notice else None
        message = hand_message(
            hand.running, hand.seat, hand.ui_state, tr, notice, client.card_faces
        )
        try:
            await interaction.edit_original_response(**message)
        except discord.HTTPException:
            log.warning("game %s: Discord refused a hand's update", game_id, exc_info=True)
            return
        shown = interaction.message.id if interaction.message is not None else None
        live = client.publishing.live_hands
        await live.shown(interaction, shown, message, hand.running, hand.ui_state, tr)

    user = interaction.user.id
    locale = interaction_locale(interaction)
    await client.tables.act(user, game_id, seat, version, control, locale, reply)


async def _back(interaction: discord.Interaction[Any], game_id: int) -> None:
    tr = texts_of(interaction)

    async def reply() -> None:
        await answer(interaction, tr("table.welcome_back"))

    await client_of(interaction).tables.back(interaction.user.id, game_id, reply)


async def leave(interaction: discord.Interaction[Any], game_id: int) -> None:
    """`/game leave`."""
    tr = texts_of(interaction)

    async def reply(key: str) -> None:
        await answer(interaction, tr(key))

    await client_of(interaction).tables.leave(interaction.user.id, game_id, reply)


async def ask_cancel(interaction: discord.Interaction[Any], game_id: int) -> None:
    """`/game cancel`: the host, or anyone with Manage Server, is asked to confirm first (a
    cancel cannot be undone), in a private question whose buttons work after a restart."""
    tr = texts_of(interaction)
    manager = bool(interaction.permissions.manage_guild)
    game = await client_of(interaction).tables.can_cancel(game_id, interaction.user.id, manager)
    name = render.game_name(game.game_key, tr)
    await interaction.response.send_message(
        tr("table.cancel.question", game=name, id=game.id),
        view=render.cancel_view(game.id, interaction.user.id, tr),
        ephemeral=True,
    )


async def _answer_cancel(interaction: discord.Interaction[Any], click: CancelClick) -> None:
    """The answer to `/game cancel`'s question, from the member it was asked of. The question
    becomes the outcome, without buttons: cancelled (the table says so publicly, so this only
    acknowledges), kept, or why it could not be (the game ended meanwhile, the member lost the
    right to cancel it)."""
    if interaction.user.id != click.asker_id:
        raise TableError("cancel_not_yours")
    tr = texts_of(interaction)
    await interaction.response.defer()
    tables = client_of(interaction).tables
    manager = bool(interaction.permissions.manage_guild)
    try:
        if click.answer == "yes":
            await tables.cancel(click.game_id, click.asker_id, manager)
            text = tr("table.cancel.done")
        else:
            game = await tables.load(click.game_id)
            if not game.is_open:
                raise game_closed(game)
            text = tr("table.cancel.kept")
    except TableError as error:
        text = error.text(tr)
    await interaction.edit_original_response(content=text, view=None)


async def _play_again(interaction: discord.Interaction[Any], game_id: int) -> None:
    """"Play again": the new lobby is posted in the game's channel."""
    tr = texts_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    client = client_of(interaction)
    user = interaction.user
    game = await client.tables.play_again(game_id, user.id, user.display_name)
    channel = client.get_partial_messageable(game.channel_id)
    message = await channel.send(**await client.publishing.lobby_message(game))
    await client.tables.set_lobby_message(game.id, message.id)
    await interaction.followup.send(tr("lobby.again", place=f"<#{game.channel_id}>"))


async def status(interaction: discord.Interaction[Any], game: Game) -> str:
    """`/game status`: the game, its seats and whose turn it is."""
    tables = client_of(interaction).tables
    return status_text(game, tables.running(game), texts_of(interaction))


async def ended_here(interaction: discord.Interaction[Any], place_id: int) -> str | None:
    """Where no game is open but one was played (a game's thread once it ended): which game
    that was and how it ended. None when no game was ever played there."""
    tables = client_of(interaction).tables
    game = await tables.last_game_in(interaction.guild_id or 0, place_id)
    return ended_text(game, texts_of(interaction)) if game is not None else None
