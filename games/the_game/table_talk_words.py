"""Spellings of the numbers 1..99 in French, English, German and Spanish, for the talk rule.

The detector in `table_talk` works on text that has been lower-cased, stripped of accents and
split into letter runs, so every spelling here is written that way ("zwolf", "dieciseis") and a
compound is stored as its pieces joined without separators ("quatrevingtdixsept",
"soixanteetonze", "twentyone"): the detector glues neighbouring letter runs back together, which
covers hyphens, spaces and "s.e.p.t"-style obfuscation with a single table.

Values 1 are included because they take part in compounds ("vingt et un", "twenty-one"); the
detector itself decides that 1 on its own is harmless (it is not a card value).
"""

from __future__ import annotations

from collections.abc import Iterator

Spelling = tuple[str, ...]
"""The words of one way of writing a number, e.g. ("soixante", "et", "onze")."""

_FR_SIMPLE: dict[int, tuple[str, ...]] = {
    1: ("un", "une"), 2: ("deux",), 3: ("trois",), 4: ("quatre",), 5: ("cinq",), 6: ("six",),
    7: ("sept",), 8: ("huit",), 9: ("neuf",), 10: ("dix",), 11: ("onze",), 12: ("douze",),
    13: ("treize",), 14: ("quatorze",), 15: ("quinze",), 16: ("seize",), 20: ("vingt",),
    30: ("trente",), 40: ("quarante",), 50: ("cinquante",), 60: ("soixante",),
}
# Belgian and Swiss tens, used exactly like vingt..soixante.
_FR_REGIONAL_TENS: dict[int, tuple[str, ...]] = {
    70: ("septante",), 80: ("huitante", "octante"), 90: ("nonante",),
}


def _french(value: int) -> Iterator[Spelling]:
    if value in _FR_SIMPLE:
        yield from ((word,) for word in _FR_SIMPLE[value])
    if 17 <= value <= 19:
        yield from (("dix", *unit) for unit in _french(value - 10))
    tens, unit = divmod(value, 10)
    if value in _FR_REGIONAL_TENS:
        yield from ((word,) for word in _FR_REGIONAL_TENS[value])
    if 2 <= tens <= 9 and unit:
        regional = _FR_REGIONAL_TENS.get(tens * 10, ())
        standard = _FR_SIMPLE.get(tens * 10, ())
        for ten_word in (*standard, *regional):
            for unit_words in _french(unit):
                yield (ten_word, *unit_words)
                if unit == 1:
                    yield (ten_word, "et", *unit_words)
    if 70 <= value <= 79:
        for rest in _french(value - 60):
            yield ("soixante", *rest)
            if value == 71:
                yield ("soixante", "et", *rest)
    if value == 80:
        yield ("quatre", "vingts")
        yield ("quatre", "vingt")
    if 81 <= value <= 99:
        for rest in _french(value - 80):
            yield ("quatre", "vingt", *rest)
            if value in (81, 91):
                yield ("quatre", "vingt", "et", *rest)


_EN_SIMPLE: dict[int, tuple[str, ...]] = {
    1: ("one",), 2: ("two",), 3: ("three",), 4: ("four",), 5: ("five",), 6: ("six",),
    7: ("seven",), 8: ("eight",), 9: ("nine",), 10: ("ten",), 11: ("eleven",),
    12: ("twelve",), 13: ("thirteen",), 14: ("fourteen",), 15: ("fifteen",),
    16: ("sixteen",), 17: ("seventeen",), 18: ("eighteen",), 19: ("nineteen",),
    20: ("twenty",), 30: ("thirty",), 40: ("forty", "fourty"), 50: ("fifty",), 60: ("sixty",),
    70: ("seventy",), 80: ("eighty",), 90: ("ninety", "ninty"),
}


def _english_plural(word: str) -> str:
    if word.endswith("y"):
        return word[:-1] + "ies"
    if word.endswith("x"):
        return word + "es"
    return word + "s"


def _english(value: int) -> Iterator[Spelling]:
    """Cardinals, plus the plural card names players use ("no more sevens", "the nineties")."""
    for word in _EN_SIMPLE.get(value, ()):
        yield (word,)
        if value > 1:
            yield (_english_plural(word),)
    tens, unit = divmod(value, 10)
    if tens >= 2 and unit:
        for ten_word in _EN_SIMPLE[tens * 10]:
            for unit_word in _EN_SIMPLE[unit]:
                yield (ten_word, unit_word)


_DE_SIMPLE: dict[int, tuple[str, ...]] = {
    1: ("eins", "ein", "eine"), 2: ("zwei", "zwo"), 3: ("drei",), 4: ("vier",),
    5: ("funf", "fuenf"), 6: ("sechs",), 7: ("sieben",), 8: ("acht",), 9: ("neun",),
    10: ("zehn",), 11: ("elf",), 12: ("zwolf", "zwoelf"), 16: ("sechzehn",),
    17: ("siebzehn",), 20: ("zwanzig",), 30: ("dreissig", "dreisig"), 60: ("sechzig",),
    70: ("siebzig",),
}


def _german(value: int) -> Iterator[Spelling]:
    """German writes compounds as one word, unit first: "siebenundneunzig"."""
    yield from ((word,) for word in _DE_SIMPLE.get(value, ()))
    tens, unit = divmod(value, 10)
    if tens == 1 and unit >= 3 and value not in _DE_SIMPLE:
        yield from ((unit_word, "zehn") for unit_word in _DE_SIMPLE[unit])
    if tens >= 2:
        ten_words = _DE_SIMPLE.get(tens * 10) or tuple(w + "zig" for w in _DE_SIMPLE[tens])
        for ten_word in ten_words:
            if not unit:
                yield (ten_word,)
                continue
            for unit_word in _DE_SIMPLE[unit] if unit > 1 else ("ein",):
                yield (unit_word, "und", ten_word)


_ES_SIMPLE: dict[int, tuple[str, ...]] = {
    1: ("uno", "una", "un"), 2: ("dos",), 3: ("tres",), 4: ("cuatro",), 5: ("cinco",),
    6: ("seis",), 7: ("siete",), 8: ("ocho",), 9: ("nueve",), 10: ("diez",), 11: ("once",),
    12: ("doce",), 13: ("trece",), 14: ("catorce",), 15: ("quince",), 20: ("veinte",),
    30: ("treinta",), 40: ("cuarenta",), 50: ("cincuenta",), 60: ("sesenta",),
    70: ("setenta",), 80: ("ochenta",), 90: ("noventa",),
}


def _spanish(value: int) -> Iterator[Spelling]:
    yield from ((word,) for word in _ES_SIMPLE.get(value, ()))
    tens, unit = divmod(value, 10)
    if tens == 1 and unit >= 6:
        yield from (("dieci", word) for word in _ES_SIMPLE[unit])
        yield from (("diez", "y", word) for word in _ES_SIMPLE[unit])
    if tens == 2 and unit:
        yield from (("veinti", word) for word in _ES_SIMPLE[unit])
        yield from (("veinte", "y", word) for word in _ES_SIMPLE[unit])
    if tens >= 3 and unit:
        yield from ((_ES_SIMPLE[tens * 10][0], "y", word) for word in _ES_SIMPLE[unit])


PLURAL_NAMES = frozenset(
    _english_plural(word) for value, words in _EN_SIMPLE.items() if value > 1 for word in words
)
"""English plural card names ("sevens", "nineties"): they name cards, never count anything."""

_SPELLERS = {"fr": _french, "en": _english, "de": _german, "es": _spanish}

ORDINAL_SUFFIXES = (
    "eres", "emes", "ere", "eme", "ers", "res", "st", "nd", "rd", "th", "er", "re", "em", "es",
    "e", "d", "o", "a",
)
"""What turns a digit into an ordinal ("2nd", "3e", "1ère", "2ª"), longest first so that a
regular expression made of them matches whole suffixes."""

FILLERS = frozenset({"et", "and", "und", "y"})
"""Words that only join the parts of a compound ("vingt et un"); harmless on their own."""

AMBIGUOUS = frozenset({"dos", "tres", "once"})
"""Spanish numbers that are everyday words in French ("dos", "très") or English ("once"):
harmless on their own, caught inside a compound ("treinta y dos", "veintitrés")."""


def spellings() -> Iterator[tuple[str, int, str, Spelling]]:
    """Every (joined spelling, value, language, words) for 1..99, in fr, en, de, es order."""
    for language, speller in _SPELLERS.items():
        for value in range(1, 100):
            for words in speller(value):
                yield "".join(words), value, language, words


_STOPWORDS_BY_LANGUAGE = {
    "fr": "a au aux ca ce ces de des du elle en es et il ils je la le les ma me mes mon ne ni "
          "nous on ou par pas plus pour qu que qui sa se ses si son sur ta te tes tu un une va "
          "vas vos vous vu y",
    "en": "a all am an any are as at be but by can do for go he her his i if in is it its me "
          "my no not of oh ok on one or our out so the to too ty up us was we who ya yo you",
    "de": "ab da das dem den der die du er es ich im ist ja sie und wir zu",
    "es": "al con el la las lo los mi para por que su tu una uno y ya yo",
}
STOPWORDS = frozenset(
    word for words in _STOPWORDS_BY_LANGUAGE.values() for word in words.split()
)
"""Short everyday words. Pieces of a cut-up number are glued back only when one of them is
none of these (nor a number word): "t en veux" and "for ty" are words typed side by side."""
