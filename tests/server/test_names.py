"""Players' names on the board (game.server.names): the look-alike and blank names an attacker
sends are refused or collide with the name they imitate, while real names in any script still
pass and stay apart. Pure functions: no server, no database."""

from __future__ import annotations

import itertools
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.server.names import LOOKALIKES, canonical, normalised, problem, skeleton

REAL_NAMES = ["Alice", "Bob", "Зоя", "Zoya", "李小龍 the 2nd", "👩\u200d🚀", "محمد", "नमस्ते", "Ἀλέξανδρος",
              "José", "Jose", "Ngọc Ánh", "김민준", "さくら", "ሰላም", "Øystein", "สมชาย", "می\u200cخواهم",
              "Ölçer", "❤\ufe0f fan", "O'Brien", "Anne-Marie", "R2-D2", "mary", "rnary"]
"""Names people have: each passes, and no two of them look alike (``rnary`` is here to show that
``mary`` is the one it imitates only when the data says so)."""

IMITATIONS = {
    "Alice": ["Аlice", "A\u200dlice", "A\u200blice", "AIice", "ALICE", "Ａｌｉｃｅ", "A\u3164lice", "Alice\ufe0f",
              "A\u00adlice", "\U0001d400lice"],
    "Bob Smith": ["Bob\u2800Smith", "Bob Srnith", "B\u043eb Smith"],
    "mary": ["rnary", "Mary", "rn\u0430ry"],
    "Зоя": ["3oя", "Зоя\u200d"],
}
"""A name, and names that look like it: Cyrillic А, a zero-width joiner or space, capital i for l,
capitals, fullwidth, a Hangul filler or a soft hyphen inside, a variation selector after,
mathematical bold, a braille blank for a space, ``rn`` for ``m``, the digit 3 for З."""

BLANK_NAMES = ["   ", "\u3164\u3164\u3164", "\u2800\u2800\u2800", "\u115f", "\u1160\u1160", "\uffa0\uffa0",
               "\u3164\u200d\u3164", "\u3164\u0301", "\u0301\u0301", "\ufe0f", "\u034f\u034f", "\U0001d159",
               "\u2800\u0308"]
"""Names that show nothing: spaces, Hangul fillers, braille blanks, combining marks, variation
selectors, the combining grapheme joiner, the null notehead."""


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_in_many_scripts_pass(name):
    assert problem(name) is None
    assert problem(normalised(name)) is None


def test_real_names_stay_apart():
    assert problem("rnary") is None and skeleton("mary") == skeleton("rnary"), "TR39 maps m to rn"
    apart = [name for name in REAL_NAMES if name != "rnary"]
    for one, other in itertools.combinations(apart, 2):
        assert skeleton(one) != skeleton(other), (one, other)


@pytest.mark.parametrize("name, imitation", [(name, fake) for name, fakes in IMITATIONS.items() for fake in fakes])
def test_an_imitation_is_refused_or_collides_with_the_name(name, imitation):
    """Refused, or the same name (its canonical form: it needs the name's key), or a name that
    looks like it (its skeleton: refused as taken)."""
    assert imitation != name
    assert problem(imitation) is not None or canonical(imitation) == canonical(name) or \
        skeleton(imitation) == skeleton(name)


def test_a_skeleton_reads_a_name_as_written():
    """Capitals are kept until their look-alikes are found: ``ALlCE`` (a small L) imitates
    ``ALICE``, not ``Alice``, and ``ALICE`` is ``Alice`` already by its canonical form."""
    assert skeleton("ALlCE") == skeleton("ALICE") != skeleton("Alice")
    assert canonical("ALICE") == canonical("Alice")


def test_the_attack_names_of_the_report():
    assert problem("Аlice") is None and skeleton("Аlice") == skeleton("Alice") == skeleton("alice")
    assert problem("A\u200dlice") is None and skeleton("A\u200dlice") == skeleton("Alice")
    assert problem("\u3164\u3164\u3164") is not None
    assert problem("\u2800\u2800\u2800") is not None


@pytest.mark.parametrize("name", BLANK_NAMES)
def test_a_name_that_shows_nothing_is_refused(name):
    assert "must show a character" in (problem(name) or "")


@pytest.mark.parametrize("name", ["\u3164Alice", "Alice\u3164", "\u2800Alice", "Alice\u2800", " Alice", "Alice ",
                                  "\u200dAlice", "\uffa0Alice"])
def test_blank_edges_are_refused(name):
    """``ㅤAlice`` would stand on the board as ``Alice`` with a space before it."""
    assert problem(name) is not None


def test_emoji_and_scripts_keep_their_joiners_and_selectors():
    assert problem("👩\u200d🚀") is None and problem("❤\ufe0f") is None and problem("می\u200cخواهم") is None
    assert skeleton("👩\u200d🚀") != skeleton("❤\ufe0f")


def test_only_confusables_collide():
    assert skeleton("Зоя") != skeleton("Zoya"), "a transliteration is another name"
    assert skeleton("Зоя") == skeleton("3oя"), "Cyrillic З looks like the digit 3 (confusables.txt)"
    assert skeleton("rn") == skeleton("m") and skeleton("Bob") != skeleton("Alice")
    assert skeleton("José") != skeleton("Jose"), "an accent shows"


def test_the_stored_form_is_nfkc():
    assert normalised("Ａｌｉｃｅ") == "Alice"
    assert normalised("ﬁre") == "fire"
    assert normalised("Зоя") == "Зоя" and normalised("👩\u200d🚀") == "👩\u200d🚀"
    assert canonical("Ａｌｉｃｅ") == canonical("ALICE") == "alice"
    assert skeleton("Ａｌｉｃｅ") == skeleton("Alice")


def test_the_stored_form_passes_the_rules_too():
    """NFKC writes U+203E OVERLINE as a space and a combining mark, and U+FDFA as 18 letters."""
    assert problem("‾Bob") is not None and problem("a‾b") is None
    assert problem("\ufdfa") is None and problem("\ufdfa" * 2) is not None


def test_the_data_is_unicodes():
    head = LOOKALIKES.read_text(encoding="utf-8")[:3000]
    assert "confusables.txt (Unicode Security Mechanisms for UTS #39)" in head
    assert "Default_Ignorable_Code_Point" in head and "UNICODE LICENSE V3" in head
    assert skeleton("0") == skeleton("O") and skeleton("1") == skeleton("l") == skeleton("I")
    for invisible in "\u00ad\u034f\u115f\u1160\u180e\u200b\u200c\u200d\u2060\u3164\ufe0f\ufeff\uffa0\U000e0001":
        assert skeleton(f"a{invisible}b") == skeleton("ab"), f"U+{ord(invisible):04X} is default-ignorable"


SOME_LETTERS = st.sampled_from(list("aeilmnorAEILMNOR013 .-") + ["а", "е", "о", "З", "é", "e\u0301", "\u0323", "가", "ㅤ"])
IGNORABLES = st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\u034f", "\ufe0f", "\u00ad", "\u3164"])


@settings(max_examples=300, deadline=None)
@given(st.lists(SOME_LETTERS, min_size=1, max_size=12), st.data())
def test_default_ignorables_never_make_a_new_name(letters, data):
    name = "".join(letters)
    where = data.draw(st.integers(0, len(letters)))
    spiced = "".join(letters[:where]) + data.draw(IGNORABLES) + "".join(letters[where:])
    assert skeleton(spiced) == skeleton(name)
    assert skeleton(normalised(name)) == skeleton(name)
    assert unicodedata.is_normalized("NFD", skeleton(name))
