"""Discord messages of the generic table: the lobby, the frame around a game's table, the hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import discord
from pydantic import BaseModel

from bot.history.components import ReplayOpenButton
from bot.i18n import Texts
from bot.tables.carried import ActionRefs
from bot.tables.components import (
    LOBBY_OPS,
    TURN_CHOICES,
    ActionButtonItem,
    ActionSelectItem,
    CancelButton,
    GameButton,
    LobbyButton,
    StepButtonItem,
    StepSelectItem,
    TurnTimeSelect,
)
from bot.tables.records import Game, GameStatus
from bot.tables.ui import (
    ActionButton,
    ActionSelect,
    HandPanel,
    Panel,
    SeatInfo,
    StepButton,
)
from games.core.base import Engine
from games.core.result import GameResult

LOBBY_STYLES: dict[str, discord.ButtonStyle] = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "add": discord.ButtonStyle.secondary,
    "remove": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


def game_name(key: str, tr: Texts) -> str:
    return tr(f"{key.replace('-', '_')}.name")


def duration(seconds: int, tr: Texts) -> str:
    if seconds % 3600 == 0:
        return tr("table.hours", n=seconds // 3600)
    if seconds % 60 == 0:
        return tr("table.minutes", n=seconds // 60)
    return tr("table.seconds", n=seconds)


def option_lines(key: str, options: dict[str, Any], tr: Texts) -> list[str]:
    """The `/play` options of game `key` as the lobby shows them, in the game's own words
    (`<area>.option.<name>.label`, and `.choice.<value>` for a chosen value): switches that are
    on, chosen values, and switches that are off where "off" is worth saying (`.off`). An
    option without words (stored by an older version) is shown as stored."""
    own = key.replace("-", "_")
    lines: list[str] = []
    for name, value in options.items():
        words = f"{own}.option.{name}"
        label = tr(f"{words}.label") if tr.has(f"{words}.label") else name
        if isinstance(value, bool):
            if value:
                lines.append(label)
            elif tr.has(off := f"{words}.off"):
                lines.append(tr(off))
        else:
            choice = f"{words}.choice.{value}"
            shown = tr(choice) if tr.has(choice) else value
            lines.append(tr("lobby.option_value", name=label, value=shown))
    return lines


def seat_line(info: SeatInfo, tr: Texts) -> str:
    if info.is_computer:
        return tr("lobby.seat_computer", n=info.seat + 1, name=info.name)
    return tr("lobby.seat_human", n=info.seat + 1, name=info.mention)


LOBBY_TITLES: dict[GameStatus, str] = {
    GameStatus.LOBBY: "lobby.title",
    GameStatus.RUNNING: "lobby.title_running",
    GameStatus.FINISHED: "lobby.title_over",
    GameStatus.CANCELLED: "lobby.title_cancelled",
}
"""The lobby message's title by the game's status: the lobby stays in the channel after the
start, and its title is what a member scrolling the channel reads first."""


def lobby_embed(game: Game, engine: Engine, seats: Sequence[SeatInfo], tr: Texts) -> discord.Embed:
    embed = discord.Embed(
        title=tr(LOBBY_TITLES[game.status], game=game_name(game.game_key, tr)),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(name=tr("lobby.host"), value=f"<@{game.host_id}>", inline=True)
    embed.add_field(
        name=tr("lobby.players"),
        value=tr("lobby.player_range", min=engine.min_players, max=engine.max_players),
        inline=True,
    )
    embed.add_field(name=tr("lobby.turn_time"), value=duration(game.turn_seconds, tr), inline=True)
    options = option_lines(game.game_key, game.options, tr)
    embed.add_field(
        name=tr("lobby.options"), value="\n".join(options) or tr("lobby.no_options"), inline=False
    )
    embed.add_field(
        name=tr("lobby.seats", count=len(seats), max=engine.max_players),
        value="\n".join(seat_line(info, tr) for info in seats) or "-",
        inline=False,
    )
    if game.status is GameStatus.CANCELLED:
        started = game.place_id != game.channel_id or game.table_message_id is not None
        cancelled = tr("lobby.cancelled_in", place=f"<#{game.place_id}>")
        embed.description = cancelled if started else tr("lobby.cancelled")
        embed.colour = discord.Colour.dark_grey()
    elif game.status is GameStatus.FINISHED and game.outcome is not None:
        embed.description = ending_line(game, seats, tr)
        embed.colour = discord.Colour.dark_grey()
    elif game.status is not GameStatus.LOBBY:
        place = f"<#{game.place_id}>"
        embed.description = tr("lobby.started", place=place)
        embed.colour = discord.Colour.green()
    else:
        embed.description = tr("lobby.waiting")
    return embed


def ending_line(game: Game, seats: Sequence[SeatInfo], tr: Texts) -> str:
    """How a finished game ended, in one line for its lobby message: who won, or the team's
    score in a cooperative game, with a link to where it was played."""
    assert game.outcome is not None
    outcome = GameResult.model_validate_json(game.outcome)
    place = f"<#{game.place_id}>"
    winners = [seats[entry.seat] for entry in outcome.seats if entry.won]
    if outcome.cooperative and outcome.seats:
        key = "lobby.over_team_won" if winners else "lobby.over_team_lost"
        return tr(key, place=place, score=score_text(outcome.seats[0].score, tr, game.game_key))
    if not winners:
        return tr("lobby.over", place=place)
    names = ", ".join(info.name if info.is_computer else info.mention for info in winners)
    return tr("lobby.over_won", place=place, names=names)


def lobby_view(game: Game, tr: Texts) -> discord.ui.View | None:
    """The lobby's controls; once the game has ended after its first move, a button to replay
    it (the lobby message is where a channel's games are told, for every game)."""
    if game.status is not GameStatus.LOBBY:
        return ended_view(game, tr)
    view = discord.ui.View(timeout=None)
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(game.id, op, tr(f"lobby.button.{op}"), LOBBY_STYLES[op]))
    options = [
        discord.SelectOption(
            label=duration(seconds, tr), value=str(seconds), default=seconds == game.turn_seconds
        )
        for seconds in TURN_CHOICES
    ]
    if game.turn_seconds not in TURN_CHOICES:
        options.append(
            discord.SelectOption(
                label=duration(game.turn_seconds, tr), value=str(game.turn_seconds), default=True
            )
        )
    view.add_item(TurnTimeSelect(game.id, options, tr("lobby.turn_time")))
    return view


def ended_view(game: Game, tr: Texts) -> discord.ui.View | None:
    if game.status not in (GameStatus.FINISHED, GameStatus.CANCELLED) or game.action_count == 0:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayOpenButton(game.id, tr("history.button.replay")))
    view.stop()
    return view


def cancel_view(game_id: int, user_id: int, tr: Texts) -> discord.ui.View:
    """The two answers to `/game cancel`'s question, for the member who asked."""
    view = discord.ui.View(timeout=None)
    view.add_item(CancelButton(game_id, user_id, "yes", tr("table.cancel.confirm")))
    view.add_item(CancelButton(game_id, user_id, "no", tr("table.cancel.keep")))
    view.stop()
    return view


def turn_line(
    game: Game,
    seats: Sequence[SeatInfo],
    to_act: Sequence[int],
    tr: Texts,
    *,
    first_mover: bool = False,
) -> str:
    """Whose turn it is, with a mention for humans and their deadline.

    With `first_mover` (the game's type says that when several seats may act, the first of them
    takes the turn: anyone may open The Game), several seats waiting is an opening any of them
    may make, and the line says so rather than listing a turn per seat."""
    if first_mover and len(to_act) > 1 and (opening := opening_line(game, seats, to_act, tr)):
        return opening
    parts: list[str] = []
    for number in to_act:
        info = seats[number]
        deadline = game.seat(number).deadline
        if info.is_computer or info.autopilot or deadline is None:
            parts.append(tr("table.to_act_computer", name=info.name))
        else:
            parts.append(
                tr("table.to_act", mention=info.mention, deadline=f"<t:{int(deadline)}:R>")
            )
    return tr("table.turn", who=", ".join(parts)) if parts else ""


def opening_line(game: Game, seats: Sequence[SeatInfo], to_act: Sequence[int], tr: Texts) -> str:
    """"Anyone may open", naming (and so pinging) the people who may, with the time left; empty
    when only computers wait, who then open at once. A game words it in its own catalog
    (`<area>.turn_anyone`, "place the first card"), else the table's generic wording."""
    people = [
        (seats[number], deadline)
        for number in to_act
        if not (seats[number].is_computer or seats[number].autopilot)
        and (deadline := game.seat(number).deadline) is not None
    ]
    if not people:
        return ""
    own = f"{game.game_key.replace('-', '_')}.turn_anyone"
    key = own if tr.has(own) else "table.turn_anyone"
    who = ", ".join(info.mention for info, _ in people)
    deadline = min(deadline for _, deadline in people)
    return tr(key, who=who, deadline=f"<t:{int(deadline)}:R>")


def results_lines(
    result: GameResult, seats: Sequence[SeatInfo], tr: Texts, game_key: str
) -> list[str]:
    """A line per seat by rank; one line for the whole team in a cooperative game, where every
    seat shares rank 1 and the team's score. A game says what its score counts with a plural
    entry `<area>.result_score` ("level 8", "12 points"); a bare number reads as anything."""
    lines = [tr("table.finished")]
    names = {info.seat: info.name if info.is_computer else info.mention for info in seats}
    if result.cooperative and result.seats:
        team = result.seats[0]
        key = "table.result_team_won" if team.won else "table.result_team"
        everyone = ", ".join(names[entry.seat] for entry in result.seats)
        return [*lines, tr(key, names=everyone, score=team.score)]
    for entry in sorted(result.seats, key=lambda entry: (entry.rank, entry.seat)):
        key = "table.result_won" if entry.won else "table.result"
        score = score_text(entry.score, tr, game_key)
        lines.append(tr(key, rank=entry.rank, name=names[entry.seat], score=score))
    return lines


def score_text(score: int, tr: Texts, game_key: str) -> str:
    """A score as its game counts it (`<area>.result_score`, plural forms: "12 points"), or
    the bare number for a game that does not say."""
    unit = f"{game_key.replace('-', '_')}.result_score"
    return tr.plural(unit, score) if tr.has(f"{unit}.one") else str(score)


def table_view(game: Game, seats: Sequence[SeatInfo], tr: Texts) -> discord.ui.View | None:
    if game.status is not GameStatus.RUNNING:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton("hand", game.id, tr("table.show_hand")))
    if any(info.autopilot for info in seats):
        view.add_item(GameButton("back", game.id, tr("table.back")))
    return view


def framed_content(panel: Panel, header: list[str]) -> str | None:
    text = "\n".join(line for line in [*header, panel.content or ""] if line)
    return text or None


def _check_unique(view: discord.ui.View) -> None:
    """Discord refuses a message whose controls share a custom id, or a menu whose options share
    a value: two step controls with one payload, or two controls carrying one action."""
    items = cast("list[discord.ui.DynamicItem[Any]]", view.children)
    ids = [item.custom_id for item in items]
    if len(set(ids)) != len(ids):
        raise ValueError(f"two controls of a hand would share a custom id: {ids}")
    for item in items:
        if isinstance(item.item, discord.ui.Select):
            values = [option.value for option in item.item.options]
            if len(set(values)) != len(values):
                raise ValueError(f"two options of a hand's menu would share a value: {values}")


def hand_view(
    game_id: int, seat: int, version: int, panel: HandPanel, legal: Sequence[BaseModel]
) -> discord.ui.View | None:
    """The hand's controls; `legal` are the seat's legal actions the action controls name."""
    if not panel.controls:
        return None
    refs = ActionRefs(legal)
    view = discord.ui.View(timeout=None)
    menus = 0
    for control in panel.controls:
        if isinstance(control, ActionButton):
            view.add_item(ActionButtonItem.of(game_id, seat, version, control, refs))
        elif isinstance(control, ActionSelect):
            view.add_item(ActionSelectItem.of(game_id, seat, version, menus, control, refs))
            menus += 1
        elif isinstance(control, StepButton):
            view.add_item(StepButtonItem(game_id, seat, version, control))
        else:
            view.add_item(StepSelectItem(game_id, seat, version, control))
    _check_unique(view)
    # Every control is a dynamic item, found by its custom id. A view sent unfinished would be
    # kept by discord.py with a 15-minute timer task per hand shown, for nothing.
    view.stop()
    return view
