"""What the cog and the players can observe of the talk rule detector."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.the_game.table_talk import (
    NumberHit,
    NumberKind,
    NumberRole,
    find_numbers,
    revealing_numbers,
    reveals_number,
)

# Spellings written independently of the detector's tables, as a French or English speaker
# writes them (standard forms only).
FR_UNITS = ["", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
            "onze", "douze", "treize", "quatorze", "quinze", "seize"]
FR_TENS = ["", "dix", "vingt", "trente", "quarante", "cinquante", "soixante"]
EN_UNITS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen"]
EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def french(value: int) -> list[str]:
    if value <= 16:
        return [FR_UNITS[value]]
    if value < 20:
        return ["dix", FR_UNITS[value - 10]]
    if value >= 80:
        rest = value - 80
        return ["quatre", "vingts" if rest == 0 else "vingt", *(french(rest) if rest else [])]
    tens, unit = divmod(value, 10)
    if value >= 60:
        tens, unit = 6, value - 60
    head = [FR_TENS[tens]]
    if unit == 0:
        return head
    if unit in (1, 11):
        return [*head, "et", *french(unit)]
    return [*head, *french(unit)]


def english(value: int) -> list[str]:
    if value < 20:
        return [EN_UNITS[value]]
    tens, unit = divmod(value, 10)
    return [EN_TENS[tens], *([EN_UNITS[unit]] if unit else [])]


def only_hit(text: str) -> NumberHit:
    hits = find_numbers(text)
    assert len(hits) == 1, hits
    return hits[0]


@pytest.mark.parametrize("value", range(2, 100))
@pytest.mark.parametrize("separator", ["-", " ", ""])
def test_every_card_value_spelled_in_french_or_english_is_caught(
    value: int, separator: str
) -> None:
    for words in (french(value), english(value)):
        text = separator.join(words)
        for variant in (text, text.upper(), text.title(), f"j'ai le {text} en main"):
            hit = only_hit(variant)
            assert hit.value == value
            assert hit.kind is NumberKind.WORD
            assert hit.fragment.lower() == text


@pytest.mark.parametrize(
    ("text", "value", "language"),
    [
        ("quatre-vingt-dix-sept", 97, "fr"), ("soixante et onze", 71, "fr"),
        ("septante-deux", 72, "fr"), ("huitante", 80, "fr"), ("octante", 80, "fr"),
        ("nonante-neuf", 99, "fr"), ("ninety seven", 97, "en"), ("siebenundneunzig", 97, "de"),
        ("zwölf", 12, "de"), ("dreißig", 30, "de"), ("noventa y siete", 97, "es"),
        ("veintiuno", 21, "es"), ("dieciséis", 16, "es"), ("treinta y dos", 32, "es"),
    ],
)
def test_words_carry_value_and_language(text: str, value: int, language: str) -> None:
    hit = only_hit(text)
    assert (hit.fragment, hit.value, hit.language) == (text, value, language)


def test_every_unicode_decimal_digit_is_caught() -> None:
    digits = [chr(c) for c in range(0x110000) if unicodedata.decimal(chr(c), None) == 7]
    assert len(digits) > 50
    missed = [d for d in digits if [h.value for h in find_numbers(d)] != [7]]
    assert missed == []


@pytest.mark.parametrize(
    ("text", "value"),
    [("²", 2), ("₇", 7), ("⑦", 7), ("⑳", 20), ("㊿", 50), ("❼", 7), ("➑", 8), ("⓬", 12),
     ("⑷", 4), ("⒏", 8), ("Ⅻ", 12), ("𝟗𝟕", 97), ("٤٢", 42), ("２３", 23), ("七", 7)],
)
def test_styled_digits_carry_their_value(text: str, value: int) -> None:
    hit = only_hit(text)
    assert (hit.fragment, hit.value, hit.kind) == (text, value, NumberKind.DIGIT)


def test_keycaps_are_emoji_and_the_fragment_keeps_the_whole_keycap() -> None:
    message = "j'ai le 5\ufe0f\u20e38\ufe0f\u20e3 et 🔟!"
    hits = find_numbers(message)
    assert [(h.fragment, h.value, h.kind) for h in hits] == [
        ("5\ufe0f\u20e38\ufe0f\u20e3", 58, NumberKind.EMOJI),
        ("🔟", 10, NumberKind.EMOJI),
    ]
    assert all(message[h.start:h.end] == h.fragment for h in hits)


@pytest.mark.parametrize(
    ("text", "fragment", "value"),
    [("4 2", "4 2", 42), ("4.2", "4.2", 42), ("1 1", "1 1", 11), ("s.e.p.t", "s.e.p.t", 7),
     ("n i n e t y", "n i n e t y", 90), ("q-u-a-t-r-e", "q-u-a-t-r-e", 4),
     ("s_e_p_t", "s_e_p_t", 7), ("vin gt", "vin gt", 20), ("sev en", "sev en", 7),
     ("🇹🇪🇳", "🇹🇪🇳", 10)],
)
def test_spaced_out_numbers_are_quoted_as_typed(text: str, fragment: str, value: int) -> None:
    hit = only_hit(f"bon: {text} ok")
    assert (hit.fragment, hit.value) == (fragment, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [("seeeept", 7), ("huiiiit", 8), ("threeeee", 3), ("twooo", 2), ("s e e e p t", 7)],
)
def test_drawn_out_words_are_caught(text: str, value: int) -> None:
    hit = only_hit(text)
    assert (hit.fragment, hit.value) == (text, value)


def test_a_number_is_not_glued_to_the_next_word() -> None:
    assert [h.value for h in find_numbers("j'ai le eight en main")] == [8]
    assert [h.value for h in find_numbers("six ty")] == [6]


def test_invisible_characters_do_not_hide_a_number() -> None:
    hit = only_hit("non: dix\u200bsept")
    assert (hit.fragment, hit.value, hit.kind) == ("dix\u200bsept", 17, NumberKind.SPACED)
    assert only_hit("6\u00ad6").value == 66


@pytest.mark.parametrize("wrap", ["||{}||", "`{}`", "```\n{}\n```", "**{}**", "*{}*", "__{}__",
                                  "~~{}~~", "# {}", "> {}", "-# {}", "[{}](https://x.org)"])
@pytest.mark.parametrize(("word", "value"), [("sept", 7), ("42", 42), ("twenty", 20)])
def test_markdown_does_not_hide_a_number(wrap: str, word: str, value: int) -> None:
    hit = only_hit(wrap.format(word))
    assert (hit.fragment, hit.value) == (word, value)


@pytest.mark.parametrize(
    "text",
    ["<@123456789012345678>", "<@!123456789012345678>", "<@&123456789012345678>",
     "<#123456789012345678>", "<:sept:123456789012345678>", "<a:dance:123456789012345678>",
     "<t:1700000000:R>", "<t:1700000000>", "</play:123456789012345678>",
     "</game start:123456789012345678>", "https://example.com/42", "<https://x.org/7>",
     "[les règles](https://example.com/v2)"],
)
def test_markup_carrying_ids_and_links_pass(text: str) -> None:
    assert find_numbers(f"{text} à toi") == []


def test_markup_does_not_shield_numbers_around_it() -> None:
    hits = find_numbers("<@123456789012345678> j'ai le 42, <#123456789012345678> sept")
    assert [h.value for h in hits] == [42, 7]


@pytest.mark.parametrize(
    "text",
    ["deuxième pile", "la seconde pile", "second pile", "last pile", "third pile",
     "2e pile", "2ème pile", "2ᵉ pile", "1re pile", "2nd pile", "3rd stack", "4th pile",
     "3. Stapel", "2ª pila", "la 2e pile est bloquée"],
)
def test_ordinal_pile_references_pass(text: str) -> None:
    assert not reveals_number(text)


@pytest.mark.parametrize("text", ["5e pile", "la 2e", "pile 2", "2 pile", "vingt-deuxième"])
def test_numbers_that_are_not_pile_ordinals_are_caught(text: str) -> None:
    assert reveals_number(text)


@pytest.mark.parametrize(
    "text",
    ["un", "une", "one", "someone", "anyone", "no one", "l'un", "the one", "uno", "eins",
     "+1", "1 sec", "100%", "1er joueur", "1st turn", "la 1ère", "zéro", "cent", "hundred",
     "<3"],
)
def test_one_zero_and_hundred_are_no_card(text: str) -> None:
    assert not reveals_number(text)


@pytest.mark.parametrize("text", ["f0ur", "n1ne", "1v1", "1 0", "1.1"])
def test_zero_and_one_glued_to_letters_or_digits_are_caught(text: str) -> None:
    assert reveals_number(text)


@pytest.mark.parametrize(
    "text",
    ["septembre", "attention", "often", "weight", "bronze", "content", "concept", "tendance",
     "seventh", "cinquième", "quoi de neuf ?", "rien de neuf", "tout neuf", "flambant neuf",
     "remis à neuf", "to", "too", "for", "won", "ate", "tree", "fore", "nein", "sex",
     "très bien", "tres bien", "mal au dos", "once again", "high five", "à deux doigts",
     "je t en prie", "a b c d", "mix", "XD", "tentacle", "fortnight"],
)
def test_ordinary_words_pass(text: str) -> None:
    assert not reveals_number(text)


@pytest.mark.parametrize(
    "text", ["j'ai un neuf", "le neuf", "deux", "les deux", "six", "dix", "sept", "XII"]
)
def test_short_and_everyday_number_words_are_still_numbers(text: str) -> None:
    assert reveals_number(text)


def test_hits_come_in_reading_order_with_their_kind() -> None:
    hits = find_numbers("XIV, puis 𝟕, puis t.e.n et vingt-deux")
    assert [(h.fragment, h.value, h.kind) for h in hits] == [
        ("XIV", 14, NumberKind.ROMAN),
        ("𝟕", 7, NumberKind.DIGIT),
        ("t.e.n", 10, NumberKind.SPACED),
        ("vingt-deux", 22, NumberKind.WORD),
    ]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_gives_hits_that_quote_it(text: str) -> None:
    hits = find_numbers(text)
    assert reveals_number(text) == bool(revealing_numbers(text))
    assert set(revealing_numbers(text)) <= set(hits)
    for hit in hits:
        assert text[hit.start:hit.end] == hit.fragment
        assert hit.fragment
        assert hit.value is None or hit.value not in (0, 1, 100) or hit.kind is NumberKind.DIGIT


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8")), st.integers(2, 99), st.text())
def test_a_number_added_to_any_chat_is_found(before: str, value: int, after: str) -> None:
    assert find_numbers(f"{before} {value} {after}")
    assert reveals_number(f"{before} le {value} {after}")


# --- Counts and values (issue 16) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["je vais poser deux cartes", "I'll play three cards this turn",
     "il me reste trois cartes en main", "we have four piles", "on est que deux",
     "back in 5 minutes", "there are three of us", "au moins deux", "the minimum, two",
     "j'en ai 3", "il m'en reste deux", "I have 3 left", "2 ou 3 cartes", "deux bonnes cartes",
     "2nd game tonight", "3e tour", "à 21h30", "see you at 9pm", "deux d'entre nous",
     "tous les trois", "ça fait 4 fois", "on en a gagné 2 sur 3", "4 piles and 2 are dead"],
)
def test_counts_pass(text: str) -> None:
    assert find_numbers(text)
    assert all(hit.role is NumberRole.COUNT for hit in find_numbers(text))
    assert not reveals_number(text)


@pytest.mark.parametrize(
    "text",
    ["le deux", "a seven", "j'ai un cinq", "45 et 46", "40 + 2", "trois fois sept", "I have three",
     "au moins 40", "on est à 40", "il reste 40 sur C", "pose 42 ce tour", "un 7 cartes",
     "no sevens left", "2 pile", "5e pile", "deux 9", "the 3 left"],
)
def test_card_values_are_caught_whatever_surrounds_them(text: str) -> None:
    assert reveals_number(text)


def test_a_message_with_a_count_and_a_value_is_caught_for_the_value() -> None:
    hits = find_numbers("je pose deux cartes, le 30 et le 31")
    assert [(h.fragment, h.role) for h in hits] == [
        ("deux", NumberRole.COUNT), ("30", NumberRole.CARD), ("31", NumberRole.CARD),
    ]
    assert [h.fragment for h in revealing_numbers("je pose deux cartes, le 30 et le 31")] == [
        "30", "31",
    ]


@pytest.mark.parametrize(
    "text",
    ["ten below the top", "je suis à 3 du sommet", "descends de 10", "un écart de 4",
     "gap of 4", "2 cartes d'écart", "a 10 card gap"],
)
def test_gaps_between_values_are_caught_as_gaps(text: str) -> None:
    assert [hit.role for hit in find_numbers(text)] == [NumberRole.GAP]


def test_a_long_chain_of_counts_is_judged_quickly_and_whole() -> None:
    text = "3 cartes et 2 " * 400
    assert not reveals_number(text)
    assert reveals_number(text + "et le 45")
