"""The phone estimator on strings whose layout is known: it must count what wraps, and only that."""

from __future__ import annotations

import discord

from tests.support.phone import (
    EMBED_WIDTH,
    MESSAGE_WIDTH,
    component_lines,
    message_lines,
    squeezed_fields,
    text_lines,
    word_px,
)

FACE = "<:tg_57_1a2b3c4:1456074443980800999>"


def test_a_custom_emoji_is_as_wide_as_an_emoji_not_as_its_markup() -> None:
    assert word_px(FACE) == 22
    assert word_px("🎴") == 22
    assert word_px("**bold**") == word_px("bold") == 4 * 7.5


def test_a_mention_and_a_relative_time_count_as_what_they_show() -> None:
    assert word_px("<@123456789012345678>") == 10 * 7.5
    assert text_lines("<t:1700000000:R>", MESSAGE_WIDTH) == 1


def test_short_text_takes_a_line_per_paragraph_and_empty_text_none() -> None:
    assert text_lines("", EMBED_WIDTH) == 0
    assert text_lines("Draw pile", EMBED_WIDTH) == 1
    assert text_lines("one\ntwo\nthree", EMBED_WIDTH) == 3


def test_text_wraps_at_spaces_once_a_line_is_full() -> None:
    """The embed's text is 278 px wide: eight words of four characters (7.5 px each) and their
    seven spaces (4 px each) take 268 px, a ninth word wraps."""
    assert EMBED_WIDTH == 278
    assert text_lines(" ".join(["abcd"] * 8), EMBED_WIDTH) == 1
    assert text_lines(" ".join(["abcd"] * 9), EMBED_WIDTH) == 2
    seat = "▶️ 🤖 Computer 3 — 6 cards"
    assert text_lines(seat, EMBED_WIDTH) == 1
    assert text_lines(seat, EMBED_WIDTH / 2) == 2


def test_ten_faces_fit_a_line_of_an_embed_and_eleven_wrap() -> None:
    assert text_lines(" ".join([FACE] * 10), EMBED_WIDTH) == 1
    assert text_lines(" ".join([FACE] * 11), EMBED_WIDTH) == 2


def test_a_word_longer_than_a_line_breaks_where_it_must() -> None:
    assert text_lines("x" * 80, EMBED_WIDTH) == 3


def buttons(*labels: str, emoji: str | None = None) -> discord.ui.View:
    view = discord.ui.View()
    for label in labels:
        view.add_item(discord.ui.Button(label=label or None, emoji=emoji))
    return view


def test_a_message_counts_its_author_text_embed_and_buttons() -> None:
    """Author line and one line of text: 40 px; the embed's title and description: 16 + 20 + 8
    + 20 + 16 px and 8 px above it; a row of buttons 8 + 40 px: 176 px, 9 lines of 20; the note
    under an ephemeral message one more."""
    embed = discord.Embed(title="The Game", description="Piles")
    row = buttons("Show my hand")
    assert message_lines("Turn: alice", [embed], row) == 9
    assert message_lines("Turn: alice", [embed], row, ephemeral=True) == 10
    assert message_lines(None, []) == 1


def test_five_face_buttons_keep_to_one_line_and_long_labels_wrap() -> None:
    """Five emoji buttons (46 px each and 8 px between: 262 px) fit the 306 px of a message;
    three buttons of "Place 57 on ↑1" (118 px each) take two lines."""
    assert component_lines(buttons("", "", "", "", "", emoji="🟥")) == 1
    assert component_lines(buttons("Place 57 on ↑1", "Place 57 on ↓2", "Place 57 on ↓3")) == 2
    assert component_lines(None) == 0


def test_a_menu_takes_a_line_of_its_own() -> None:
    view = buttons("End turn")
    view.add_item(discord.ui.Select(options=[discord.SelectOption(label="a")]))
    assert component_lines(view) == 2


def test_inline_fields_are_stacked_as_on_the_phone_apps() -> None:
    inline = discord.Embed()
    inline.add_field(name="Draw pile", value="40 cards")
    inline.add_field(name="Players", value="alice — 6 cards")
    stacked = discord.Embed()
    stacked.add_field(name="Draw pile", value="40 cards", inline=False)
    stacked.add_field(name="Players", value="alice — 6 cards", inline=False)
    assert message_lines(None, [inline]) == message_lines(None, [stacked])


def test_an_inline_field_that_wraps_beside_another_is_named_squeezed() -> None:
    embed = discord.Embed()
    embed.add_field(name="🎴 Draw pile", value="40 cards")
    embed.add_field(name="Players", value="▶️ 🤖 Computer 3 — 6 cards")
    assert squeezed_fields(embed) == ["Players"]
    short = discord.Embed()
    short.add_field(name="Round", value="2/5")
    short.add_field(name="Pile", value="40")
    assert squeezed_fields(short) == []
    alone = discord.Embed()
    alone.add_field(name="Players", value="▶️ 🤖 Computer 3 — 6 cards")
    assert squeezed_fields(alone) == []
