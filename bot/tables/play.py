"""A seated player's own controls: the hand and its actions, "I'm back", leaving, and
`/game status`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot.clock import now
from bot.i18n import Texts, interaction_locale
from bot.tables import render
from bot.tables.carried import read_ref
from bot.tables.core import TableCore
from bot.tables.errors import TableError
from bot.tables.fitting import draw_fitting
from bot.tables.live_hands import Drawn, LiveHand, LiveHands
from bot.tables.lobby import game_closed, leave_lobby
from bot.tables.moves import Moves
from bot.tables.records import (
    OPEN_STATUSES,
    Actor,
    Game,
    GameStatus,
    Seat,
    StaleGame,
    last_game_in,
)
from bot.tables.turns import Running, record_own_move, refresh_turns
from bot.tables.ui import Choice, HandContext
from games.core.errors import RuleError
from games.core.result import GameResult


def player_seat(game: Game, user_id: int) -> Seat:
    if game.status is GameStatus.LOBBY:
        raise TableError("not_running")
    if game.status is not GameStatus.RUNNING:
        raise game_closed(game)
    seat = game.seat_of(user_id)
    if seat is None:
        raise TableError("not_playing")
    return seat


class Play:
    def __init__(self, core: TableCore, moves: Moves) -> None:
        self.core = core
        self.moves = moves
        self.live = LiveHands(core, self._live_draw)
        core.publisher.watch(self.live.changed)

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Open (or reopen) the player's hand as an ephemeral message with its controls, which
        becomes their live hand in this game. Under the lock, so that the hand never mixes a
        move being saved with the one before."""
        tr = Texts(interaction_locale(interaction))
        async with self.core.locked_for(interaction, game_id):
            game = await self.core.load(game_id)
            seat = player_seat(game, interaction.user.id)
            message = self._hand_message(self.core.running(game), seat, "", tr, notice=None)
            version = seat.version
        if message["view"] is None:
            del message["view"]
        message_id = await self.core.reply(interaction, **message)
        async with self.core.lock(game_id):
            await self.live.shown(interaction, game_id, message_id, message, (version, ""), tr)

    def _live_draw(self, game: Game, hand: LiveHand) -> Drawn:
        """A live hand drawn afresh, in the UI state it showed while the seat's moves are the
        same (a card picked, waiting for its side), else from the start."""
        seat = player_seat(game, hand.user_id)
        ui_state = hand.ui_state if seat.version == hand.version else ""
        message = self._hand_message(self.core.running(game), seat, ui_state, hand.tr, None)
        return message, seat.version, ui_state

    async def _edit_hand(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        message: dict[str, Any],
        drawn: tuple[int, str],
        tr: Texts,
    ) -> None:
        """Answer a click in a hand by editing that hand, which becomes the live one."""
        await interaction.edit_original_response(**message)
        shown = interaction.message.id if interaction.message is not None else None
        await self.live.shown(interaction, game_id, shown, message, drawn, tr)

    def _hand_context(
        self, running: Running, seat: int, ui_state: str, tr: Texts
    ) -> HandContext[BaseModel]:
        return HandContext(
            game_id=running.game.id,
            seat=seat,
            view=running.engine.view(running.state, seat),
            legal=running.engine.legal_actions(running.state, seat),
            seats=self.core.publisher.seat_infos(running.game, tr),
            to_act=running.to_act(),
            ui_state=ui_state,
            tr=tr,
            faces=self.core.host.card_faces,
        )

    def _hand_message(
        self, running: Running, seat: Seat, ui_state: str, tr: Texts, notice: str | None
    ) -> dict[str, Any]:
        """Content, embeds and view of a hand; `view` is None (which clears old controls when
        editing) when the UI offers no control."""
        ctx = self._hand_context(running, seat.seat, ui_state, tr)
        panel = draw_fitting(running.ui.render_hand, ctx)
        header = [notice] if notice else []
        if seat.seat in ctx.to_act and seat.deadline is not None and not seat.computer_plays:
            header.append(tr("table.your_turn", deadline=f"<t:{int(seat.deadline)}:R>"))
        return {
            "content": render.framed_content(panel, header),
            "embeds": panel.embeds,
            "view": render.hand_view(running.game.id, seat.seat, seat.version, panel, ctx.legal),
        }

    async def step(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat_number: int,
        version: int,
        payload: str,
        values: Sequence[str],
    ) -> None:
        """A click on a control of a UI step: the game's UI says what it means."""

        def meaning(running: Running, ctx: HandContext[BaseModel]) -> Choice | None:
            return running.ui.choose(ctx, payload, values)

        await self._click(interaction, game_id, seat_number, version, meaning)

    async def move(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat_number: int,
        version: int,
        refs: Sequence[str],
    ) -> None:
        """A click on a control that carries an action: applied while the seat's legal actions
        still hold it, otherwise the control is out of date."""

        def meaning(running: Running, ctx: HandContext[BaseModel]) -> Choice | None:
            if len(refs) != 1:
                raise RuleError("unknown_control")
            try:
                action = read_ref(ctx.legal, refs[0])
            except ValueError as error:
                raise RuleError("unknown_control") from error
            return None if action is None else Choice(action=action)

        await self._click(interaction, game_id, seat_number, version, meaning)

    async def _click(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat_number: int,
        version: int,
        meaning: Callable[[Running, HandContext[BaseModel]], Choice | None],
    ) -> None:
        """A click on a hand control, whose `meaning` is None when it is out of date. An
        out-of-date control only refreshes the hand."""
        await interaction.response.defer()
        tr = Texts(interaction_locale(interaction))
        async with self.core.lock(game_id):
            game = await self.core.load(game_id)
            seat = player_seat(game, interaction.user.id)
            if seat.seat != seat_number:
                raise TableError("not_your_seat")
            running = self.core.running(game)
            try:
                choice = None
                if seat.version == version:
                    choice = meaning(running, self._hand_context(running, seat.seat, "", tr))
                if choice is None:
                    stale = self._hand_message(running, seat, "", tr, notice=tr("table.stale"))
                    await self._edit_hand(interaction, game_id, stale, (seat.version, ""), tr)
                    return
                if choice.action is None:
                    shown = self._hand_message(running, seat, choice.ui_state, tr, notice=None)
                    drawn = (seat.version, choice.ui_state)
                    await self._edit_hand(interaction, game_id, shown, drawn, tr)
                    return
                events, newly = await self.moves.apply(
                    running, seat.seat, choice.action, Actor.HUMAN
                )
            except RuleError as error:
                raise TableError("rule", running.ui.describe_error(error, tr)) from error
            except StaleGame:
                # Another process (a rolling restart, a change of shard count) applied a move to
                # this game since it was loaded: this click lost, nothing of it was stored.
                fresh = await self.core.load(game_id)
                fresh_seat = player_seat(fresh, interaction.user.id)
                stale = self._hand_message(
                    self.core.running(fresh), fresh_seat, "", tr, notice=tr("table.stale")
                )
                await self._edit_hand(interaction, game_id, stale, (fresh_seat.version, ""), tr)
                return
            shown = self._hand_message(running, seat, choice.ui_state, tr, notice=None)
            with self.core.showing(game):
                drawn = (seat.version, choice.ui_state)
                await self._edit_hand(interaction, game_id, shown, drawn, tr)
            await self.moves.after_action(running, events, newly)

    async def back(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """ "I'm back": the seat leaves autopilot and, when it must act, its player gets a fresh
        turn time."""
        tr = Texts(interaction_locale(interaction))
        async with self.core.locked_for(interaction, game_id):
            game = await self.core.load(game_id)
            seat = player_seat(game, interaction.user.id)
            if not seat.autopilot:
                raise TableError("not_on_autopilot")
            record_own_move(seat)
            running = self.core.running(game)
            refresh_turns(running, running.to_act(), now())
            self.moves.arm(running)
            await self.core.save(game)
            await self.core.reply(interaction, content=tr("table.welcome_back"))
            with self.core.showing(game):
                await self.core.publisher.show_table(running, [], ping=[])

    async def leave(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """`/game leave`: frees a lobby seat, or hands a running seat to a computer player."""
        tr = Texts(interaction_locale(interaction))
        user_id = interaction.user.id
        core = self.core
        async with core.locked_for(interaction, game_id):
            game = await core.load(game_id)
            engine, _ = core.engine_ui(game.game_key)
            if game.status is GameStatus.LOBBY:
                cancelled = leave_lobby(game, user_id)
                await core.save(game)
                await core.reply(interaction, content=tr("lobby.left"))
                if cancelled:
                    await core.cancelled(game)
                    return
                with core.showing(game):
                    await core.publisher.show_lobby(game, engine)
                return
            seat = player_seat(game, user_id)
            seat.user_id = seat.name = None
            seat.autopilot = seat.stand_in = False
            if not game.humans:
                game.status = GameStatus.CANCELLED
                game.ended_at = now()
            elif user_id == game.host_id:
                game.host_id = game.humans[0].user_id or game.host_id
            running = core.running(game) if game.status is GameStatus.RUNNING else None
            if running is not None:
                refresh_turns(running, running.to_act(), now())
                self.moves.arm(running)
            await core.save(game)
            await core.reply(interaction, content=tr("table.you_left"))
            public = await core.public_texts(game)
            with core.showing(game):
                await core.publisher.post(
                    game, public("table.left", mention=f"<@{user_id}>", n=seat.seat + 1)
                )
            if running is None:
                await core.cancelled(game)
                return
            with core.showing(game):
                await core.publisher.show_table(running, [], ping=[])

    async def status_text(self, game: Game, tr: Texts) -> str:
        """`/game status`: the game, its seats and whose turn it is."""
        name = render.game_name(game.game_key, tr)
        lines = [tr("status.title", game=name, id=game.id, status=tr(f"status.{game.status}"))]
        seats = self.core.publisher.seat_infos(game, tr)
        for info in seats:
            suffix = " " + tr("status.on_autopilot") if info.autopilot else ""
            lines.append(render.seat_line(info, tr) + suffix)
        if game.status is GameStatus.RUNNING:
            running = self.core.running(game)
            first_mover = running.engine.game_type.computers_wait_for_people
            to_act = running.to_act()
            lines.append(render.turn_line(game, seats, to_act, tr, first_mover=first_mover))
        return "\n".join(line for line in lines if line)

    async def ended_here(self, guild_id: int, place_id: int, tr: Texts) -> str | None:
        """Where no game is open but one was played (a game's thread once it ended): which game
        that was and how it ended, its results as the final table gives them. None when no game
        was ever played there."""
        game = await last_game_in(self.core.db, guild_id, place_id)
        if game is None or game.status in OPEN_STATUSES:
            return None
        name = render.game_name(game.game_key, tr)
        if game.status is GameStatus.CANCELLED:
            return tr("errors.cancelled_here", game=name, id=game.id)
        lines = [tr("errors.ended_here", game=name, id=game.id)]
        if game.outcome is not None:
            outcome = GameResult.model_validate_json(game.outcome)
            seats = self.core.publisher.seat_infos(game, tr)
            lines += render.results_lines(outcome, seats, tr, game.game_key)
        return "\n".join(lines)
