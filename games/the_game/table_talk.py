"""Finds numbers in chat messages, for The Game's rule that players never talk about card values.

Card values are 2..99, so the detector finds anything that denotes a number in that range: digits
in any script or style, keycap emoji, number words in French, English, German and Spanish, and
those same words or digits broken up with spaces, dots, dashes, underscores, zero-width characters
or Discord markdown. It stays quiet on what cannot name a card: 0, 1 and 100 on their own ("un",
"one", "+1", "100%"), ordinals ("deuxième pile", "second pile", "2e pile"), words that merely
contain a number word ("septembre", "often"), and Discord markup that carries ids.

Each number found gets a role from the words around it (`table_talk_counts`): a count ("deux
cartes", "we're three", "back in 5 minutes") reveals no card and passes; a card value ("le deux",
"a seven", "45 et 46") or a gap between values ("ten below the top") reveals one. A message
reveals a number when any of its numbers is not a count.

Decisions the rules leave open, in one place:
- A number with nothing around it that says what it counts may name a card ("deux", "I have
  three", "brb 5"), as may English plural card names ("no more sevens", "the nineties");
  fractions (½) are not numbers.
- Ordinal words always pass. A digit ordinal passes only right before a pile word ("2e pile",
  "2nd pile", "3. Stapel") and only for 1..4, since there are four piles.
- Digits 0, 1 and 100 standing alone pass ("+1", "1 sec", "100%", "1er", "1st"), but not glued
  to letters ("f0ur", "n1ne") nor next to other digits ("1 1" is eleven).
- A few idioms pass: "quoi de neuf" and the other "neuf" = "new" phrases, "high five" and
  "à deux doigts". Elsewhere "neuf" is nine.
- Pieces of a word are glued back ("vin gt", "s.e.p.t") unless every piece longer than a letter
  is an everyday short word: "t en veux" stays French, at the price of missing "ni ne".
- Written homophones are not numbers: only exact number spellings count ("to", "for", "won",
  "ate" pass). The Spanish words that are everyday French or English ("dos", "tres" = très,
  "once") pass on their own and are caught inside Spanish compounds ("treinta y dos").
- URLs pass (they are full of ids and hashes), as do user, role and channel mentions, custom
  emoji, timestamps and command mentions. Custom emoji are skipped as a whole: their names are
  free-form, so reading them would flag harmless emoji.
- Roman numerals count only as Unicode numeral characters (Ⅻ) or in upper case (XII): lower-case
  "mix", "vi", "xi" are words.
- "<3" is a heart, not a three.

Everything is built at import; a call does no I/O and keeps no state.
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from games.the_game.table_talk_counts import NumberRole, role_of
from games.the_game.table_talk_words import (
    AMBIGUOUS,
    FILLERS,
    ORDINAL_SUFFIXES,
    PLURAL_NAMES,
    STOPWORDS,
    spellings,
)

__all__ = [
    "NumberHit", "NumberKind", "NumberRole", "find_numbers", "revealing_numbers", "reveals_number"
]


class NumberKind(StrEnum):
    """How a number was written, so the notice can say what was found."""

    DIGIT = "digit"  # in any script or style: 7, ７, 𝟕, ٧, ⁷, ⑦, ❼, Ⅶ, 七
    EMOJI = "emoji"  # keycaps 0️⃣..9️⃣ and 🔟
    WORD = "word"  # a number word or compound: sept, quatre-vingt-dix-sept, ninety seven
    SPACED = "spaced"  # a word spelled out or cut up: s.e.p.t, n i n e, vin gt, dix\u200bsept
    ROMAN = "roman"  # upper-case Roman numerals: XII


@dataclass(frozen=True, slots=True)
class NumberHit:
    """One number found in a message.

    `fragment` is the text as the user wrote it (`text[start:end]`), so the notice can quote it;
    `value` is the number it denotes when that is known; `language` is set for number words;
    `role` says whether it counts something (harmless) or may name a card.
    """

    fragment: str
    value: int | None
    kind: NumberKind
    language: str | None
    start: int
    end: int
    role: NumberRole = NumberRole.CARD


CARD_VALUES = range(2, 100)
HARMLESS_ALONE = frozenset({0, 1, 100})
"""Values that are no card and so may be written on their own."""


# --- Discord markup and links, blanked before anything else ------------------------------------

_MARKUP = re.compile(
    r"<(?:@[!&]?|#)\d+>"  # user, role and channel mentions
    r"|<a?:\w+:\d+>"  # custom emoji
    r"|<t:-?\d+(?::[tTdDfFsSR])?>"  # timestamps
    r"|</[\w\- ]+:\d+>"  # command mentions
    r"|<?https?://[^\s>]+>?"  # links, including <suppressed> ones and the URL of [masked](url)
)


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


# --- Folding every character to what the eye reads ---------------------------------------------

_MARKDOWN = "*_~|`"
_DASHES = "‐‑‒–—―−"
_HOMOGLYPHS = str.maketrans(
    "аеорсухіјѕԁԛԝкмтвнαεικνορτυχ" "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ",
    "aeopcyxijsdqwkmtbhaeikvoptux" "abcdefghijklmnoprstuvwyz",
)
_TEN_EMOJI = "\N{KEYCAP TEN}"
_LETTER_EMOJI_BLOCKS = (
    0x1F1E6,  # regional indicators, which Discord users chain to spell words
    0x1F150,  # negative circled capitals
    0x1F170,  # negative squared capitals
)


def _fold_char(char: str) -> str:
    """What one character reads as: an ASCII digit string, lower-case unaccented letters,
    a space for markdown, or nothing for invisible characters."""
    code = ord(char)
    for block in _LETTER_EMOJI_BLOCKS:
        if block <= code < block + 26:
            return chr(ord("a") + code - block)
    if char == _TEN_EMOJI:
        return "10"
    if char in _MARKDOWN:
        return " "
    if char in _DASHES:
        return "-"
    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return ""
    value = unicodedata.numeric(char, None)
    if value is not None:
        # Fractions and the like are no card; their compatibility forms ("1⁄2") would be.
        return str(int(value)) if value == int(value) else " "
    decomposed = unicodedata.normalize("NFKD", char)
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return letters.casefold().translate(_HOMOGLYPHS)


def _build_fold_table() -> dict[int, str]:
    planes = itertools.chain(range(0x30000), range(0xE0000, 0xE01F0))
    table: dict[int, str] = {}
    for code in planes:
        char = chr(code)
        category = unicodedata.category(char)
        if category in ("Cn", "Cs", "Co") or (
            # Most of the table's range: ideographs and syllables that read as themselves.
            category == "Lo"
            and not unicodedata.decomposition(char)
            and unicodedata.numeric(char, None) is None
        ):
            continue
        folded = _fold_char(char)
        if folded != char:
            table[code] = folded
    return table


_FOLD = _build_fold_table()
_RESIZING = frozenset(chr(code) for code, folded in _FOLD.items() if len(folded) != 1)
"""Characters whose folded form is not one character long: only they shift offsets."""
_INVISIBLE = frozenset(
    chr(code) for code, folded in _FOLD.items()
    if not folded and unicodedata.category(chr(code)) == "Cf"
)
"""Format characters (zero-width space, soft hyphen...): a word hiding them is obfuscated."""


class _Message:
    """A message blanked of markup and folded, with the way back from folded offsets to the
    characters the user typed (computed only when something was found)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.blanked = _MARKUP.sub(_blank, text)
        self.folded = self.blanked.translate(_FOLD)

    @cached_property
    def _offsets(self) -> list[int]:
        """For each folded character, the index of the character it came from, plus the end."""
        if _RESIZING.isdisjoint(self.blanked):
            return list(range(len(self.text) + 1))
        offsets: list[int] = []
        for index, char in enumerate(self.blanked):
            offsets.extend([index] * len(_FOLD.get(ord(char), char)))
        offsets.append(len(self.text))
        return offsets

    def folded_span(self, first: int, last: int) -> tuple[int, int]:
        """The folded span of the typed characters `[first, last)`."""
        return bisect.bisect_left(self._offsets, first), bisect.bisect_left(self._offsets, last)

    def hit(
        self, start: int, end: int, value: int, kind: NumberKind, language: str | None = None
    ) -> NumberHit:
        """The hit for folded span `[start, end)`, quoting the typed text including the
        invisible characters that trail it (a keycap's variation selector and enclosing mark),
        with the role the words around it give it."""
        role = (
            NumberRole.CARD
            if self.folded[start:end] in PLURAL_NAMES
            else role_of(self.folded, start, end, value, _number_value)
        )
        first = self._offsets[start]
        last = self._offsets[end - 1] + 1
        while last < len(self.text) and _FOLD.get(ord(self.blanked[last])) == "":
            last += 1
        fragment = self.text[first:last]
        if kind is NumberKind.DIGIT and ("\u20e3" in fragment or _TEN_EMOJI in fragment):
            kind = NumberKind.EMOJI
        elif kind is NumberKind.WORD and not _INVISIBLE.isdisjoint(fragment):
            kind = NumberKind.SPACED
        return NumberHit(fragment, value, kind, language, first, last, role)


# --- Digits -------------------------------------------------------------------------------------

_DIGIT_RUN = re.compile(r"[0-9]+(?:[\s.\-,'·]{1,2}[0-9]+)*")
_ORDINAL_SUFFIX = f"(?:{'|'.join(ORDINAL_SUFFIXES)})"
_ALLOWED_DIGITS = re.compile(
    rf"(?<![0-9])[1-4]\s?(?:{_ORDINAL_SUFFIX}|\.)\.?\s?"
    r"(?:piles?|stacks?|tas|pilas?|stapel)(?![^\W\d_])"  # ordinal pile references
    r"|(?<![0-9])<3+(?![0-9])"  # a heart
)
_LETTER = re.compile(r"[^\W\d_]")
_LETTERS_NOT_ORDINAL = re.compile(rf"(?!{_ORDINAL_SUFFIX}(?![^\W\d_]))[^\W\d_]")
_NOT_DIGIT = re.compile(r"[^0-9]")


def _digit_hits(message: _Message) -> list[NumberHit]:
    folded = message.folded
    allowed = [m.span() for m in _ALLOWED_DIGITS.finditer(folded)]
    hits: list[NumberHit] = []
    for match in _DIGIT_RUN.finditer(folded):
        start, end = match.span()
        if any(a <= start and end <= b for a, b in allowed):
            continue
        value = int(_NOT_DIGIT.sub("", match.group()))
        # "f0ur" and "n1ne" hide a number; "1er" and "1st" are ordinals.
        glued = bool(
            (start > 0 and _LETTER.match(folded, start - 1))
            or _LETTERS_NOT_ORDINAL.match(folded, end)
        )
        if value not in HARMLESS_ALONE or glued:
            hits.append(message.hit(start, end, value, NumberKind.DIGIT))
    return hits


# --- Number words -------------------------------------------------------------------------------


_REPEATS = re.compile(r"(.)\1+")


def _squeeze(text: str) -> str:
    """One letter for each run of the same letter, so that drawn-out words ("seeept",
    "threeee") still read as numbers. Number words are looked up in this form."""
    return _REPEATS.sub(r"\1", text)


def _build_words() -> tuple[dict[str, tuple[int, str]], frozenset[str], frozenset[str]]:
    words: dict[str, tuple[int, str]] = {}
    parts: set[str] = set(FILLERS)
    for joined, value, language, pieces in spellings():
        words.setdefault(_squeeze(joined), (value, language))
        parts.update(pieces)
    prefixes = frozenset(w[:i] for w in words for i in range(1, len(w) + 1))
    return words, frozenset(parts), prefixes


_WORDS, _WORD_PARTS, _PREFIXES = _build_words()
_LETTER_RUNS = re.compile(r"([^\W\d_]+)")
_JOINING = " \t\n.-,:;/\\+=·•"
"""What may separate the pieces of one number ("quatre-vingt", "s.e.p.t", "n i n e")."""
_MAX_GAP = 4

# Phrases where a number word means something else: the words just before or after it.
_IDIOMS_BEFORE: dict[str, frozenset[tuple[str, ...]]] = {
    "neuf": frozenset({
        ("quoi", "de"), ("quoi", "d"), ("rien", "de"), ("chose", "de"), ("du",), ("tout",),
        ("flambant",), ("comme",), ("remis", "a"), ("remise", "a"), ("remettre", "a"),
        ("refait", "a"), ("refaire", "a"),
    }),
    "five": frozenset({("high",)}),
}
_IDIOMS_AFTER: dict[str, frozenset[tuple[str, ...]]] = {
    "deux": frozenset({("doigts",)}),
}


def _is_idiom(word: str, tokens: list[str], first: int, last: int) -> bool:
    before = _IDIOMS_BEFORE.get(word, frozenset())
    after = _IDIOMS_AFTER.get(word, frozenset())
    return any(tuple(tokens[max(0, first - len(p)):first]) == p for p in before) or any(
        tuple(tokens[last + 1:last + 1 + len(p)]) == p for p in after
    )


def _glue_kind(pieces: list[str]) -> NumberKind | None:
    """Whether these letter runs may be read as one number, and how it was written: a compound
    of number words, a word spelled out letter by letter, or a word cut in two. A cut needs a
    piece that is neither an everyday word nor a number ("tren te", "sev en"), so that words
    typed side by side ("t en veux", "ni ne", "eight en") are never glued."""
    if len(pieces) == 1 or all(p in _WORD_PARTS for p in pieces):
        return NumberKind.WORD
    if all(len(p) == 1 for p in pieces) or any(
        len(p) > 1 and p not in STOPWORDS and p not in _WORD_PARTS for p in pieces
    ):
        return NumberKind.SPACED
    return None


def _word_hits(message: _Message) -> list[NumberHit]:
    parts = _LETTER_RUNS.split(message.folded)
    tokens = parts[1::2]
    gaps = parts[0::2]  # gaps[i] precedes tokens[i]
    # Squeezing never removes nor merges letter runs, so keys[i] is tokens[i] squeezed.
    keys = _LETTER_RUNS.split(_squeeze(message.folded))[1::2]
    hits: list[NumberHit] = []
    i = 0
    while i < len(tokens):
        if keys[i] not in _PREFIXES:
            i += 1
            continue
        found: tuple[int, str, NumberKind] | None = None
        joined = keys[i]
        j = i
        while True:
            if joined in _WORDS:
                kind = _glue_kind(tokens[i:j + 1])
                if kind is not None:
                    found = (j, joined, kind)
            j += 1
            if j >= len(tokens) or len(gaps[j]) > _MAX_GAP or gaps[j].strip(_JOINING):
                break
            joined = _squeeze(joined + keys[j])
            if joined not in _PREFIXES:
                break
        if found is None:
            i += 1
            continue
        last, word, kind = found
        value, language = _WORDS[word]
        if value in CARD_VALUES and word not in AMBIGUOUS and not _is_idiom(
            word, tokens, i, last
        ):
            start = sum(map(len, parts[:2 * i + 1]))
            end = start + sum(map(len, parts[2 * i + 1:2 * last + 2]))
            hits.append(message.hit(start, end, value, kind, language))
        i = last + 1
    return hits


# --- Roman numerals -----------------------------------------------------------------------------


def _roman(value: int) -> str:
    tens, units = divmod(value, 10)
    tens_forms = ("", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC")
    unit_forms = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
    return tens_forms[tens] + unit_forms[units]


_ROMAN_VALUES = {_roman(v): v for v in CARD_VALUES if len(_roman(v)) > 1}
_ROMAN_RUN = re.compile(r"(?<![^\W_])[IVXLC]{2,}(?![^\W_])")


def _roman_hits(message: _Message) -> list[NumberHit]:
    return [
        message.hit(*message.folded_span(*m.span()), _ROMAN_VALUES[m.group()], NumberKind.ROMAN)
        for m in _ROMAN_RUN.finditer(message.blanked)
        if m.group() in _ROMAN_VALUES
    ]


# --- Public API ---------------------------------------------------------------------------------


def _number_value(word: str) -> int | None:
    """The value of a folded word that is a number on its own ("3", "trois"), for the count
    frames that look at a neighbouring number ("2 ou 3 cartes", "trois fois sept")."""
    if word.isdigit():
        return int(word)
    squeezed = _squeeze(word)
    if squeezed in AMBIGUOUS:
        return None
    found = _WORDS.get(squeezed)
    return found[0] if found else None


def find_numbers(text: str) -> list[NumberHit]:
    """Every number in `text` in the range of card values, counts included, in reading order."""
    message = _Message(text)
    hits = _digit_hits(message) + _word_hits(message) + _roman_hits(message)
    return sorted(hits, key=lambda hit: hit.start)


def revealing_numbers(text: str) -> list[NumberHit]:
    """The numbers in `text` that may name a card or a gap between cards: all but counts."""
    return [hit for hit in find_numbers(text) if hit.role is not NumberRole.COUNT]


def reveals_number(text: str) -> bool:
    """Whether posting `text` during The Game breaks the rule against talking card values."""
    return bool(revealing_numbers(text))
