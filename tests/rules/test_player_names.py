"""A player's name: stored in its NFKC form, letters of every script welcome, nothing
invisible, no blank or marks-only name, no pile of accents, at most 24 cells wide."""

from __future__ import annotations

import pytest

from rules import SetupError, get_game
from rules.names import MAX_NAME_CELLS, cells, name_problem, normal_name

XOXO = get_game("xoxo")


def seated(*names: str) -> list[str]:
    """The names as a new table seats them."""
    return XOXO.check_new_players(list(names))


def refusal(name: str) -> SetupError:
    """The refusal of `name` beside Bob."""
    with pytest.raises(SetupError) as refused:
        seated(name, "Bob")
    return refused.value


def problem(name: str) -> tuple[str, dict[str, object]]:
    """The rule for names that refuses `name` beside Bob, and the facts it names."""
    refused = refusal(name)
    assert refused.code == "name-refused" and refused.fields["name"] == normal_name(name)
    fields = {k: v for k, v in refused.fields.items() if k not in ("name", "problem")}
    return refused.fields["problem"], fields


# What is stored


def test_a_fullwidth_name_is_stored_in_plain_letters() -> None:
    assert seated("Ｂｏｂ", "Ann") == ["Bob", "Ann"]


def test_a_ligature_is_stored_as_its_letters() -> None:
    assert seated("ﬁona", "Ann") == ["fiona", "Ann"]


def test_spaces_around_a_name_are_trimmed() -> None:
    assert seated("  Ann\u00a0", "Bob") == ["Ann", "Bob"]


def test_an_emoji_presentation_selector_is_dropped_and_the_emoji_kept() -> None:
    assert seated("Mom ❤\ufe0f", "Bob") == ["Mom ❤", "Bob"]


def test_a_fullwidth_name_and_its_plain_twin_are_the_same_player() -> None:
    with pytest.raises(SetupError) as refused:
        seated("Ｂｏｂ", "bob")
    assert (refused.value.code, refused.value.fields) == ("same-name", {"name": "bob"})


# Letters of every script


@pytest.mark.parametrize(
    "name",
    ["Zoë", "Ёлка", "李小龍", "Nguyễn Thị Ệ", "སྒྲོལ་མ", "שַּׁבְּתַאי", "محمد", "कोंकण", "Ann-Marie O'Neil"],
)
def test_a_name_in_any_script_is_welcome(name: str) -> None:
    assert seated(name, "Bob") == [name, "Bob"]


# Invisible and blank names


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",
        "Ann\u3164",
        "\u115fAnn",
        "Ann\u1160",
        "Ann\uffa0",
        "An\u200bn",
        "An\u200dn",
        "An\u202en",
        "An\u2066n",
        "An\ufeffn",
        "An\u00adn",
        "An\u034fn",
        "Ann\U000e0041",
    ],
    ids=[
        "hangul-filler-alone",
        "hangul-filler",
        "hangul-choseong-filler",
        "hangul-jungseong-filler",
        "halfwidth-hangul-filler",
        "zero-width-space",
        "zero-width-joiner",
        "right-to-left-override",
        "left-to-right-isolate",
        "byte-order-mark",
        "soft-hyphen",
        "combining-grapheme-joiner",
        "tag-character",
    ],
)
def test_a_name_with_an_invisible_character_is_refused_naming_it(name: str) -> None:
    code, fields = problem(name)

    assert code == "invisible-character" and str(fields["character"]).startswith("U+")


@pytest.mark.parametrize("name", ["Bob\x1b[31m", "Ann\x07", "An\u2028n", "Ann\ue000"])
def test_a_name_with_a_character_that_does_not_print_is_refused(name: str) -> None:
    code, fields = problem(name)

    assert code == "unprintable-character" and str(fields["character"]).startswith("U+")


@pytest.mark.parametrize("name", ["\u0301", "\u0301\u0308", "\u20dd"])
def test_a_name_of_combining_marks_only_is_refused_as_not_visible(name: str) -> None:
    assert problem(name) == ("nothing-visible", {})


def test_a_name_that_begins_with_a_combining_mark_is_refused() -> None:
    assert problem("\u0301Ann") == ("begins-with-mark", {})


def test_a_blank_name_is_refused() -> None:
    assert refusal(" \u3000 ").code == "name-empty"


# Piles of marks


def test_three_marks_on_one_letter_are_accepted() -> None:
    assert seated("Ae\u0301\u0308\u0323", "Bob")[0] == normal_name("Ae\u0301\u0308\u0323")


def test_a_pile_of_four_marks_on_one_letter_is_refused() -> None:
    assert problem("Ann" + "\u0301" * 4) == ("piled-marks", {"most": 3})


def test_a_pile_hidden_in_a_precomposed_letter_counts_its_accent() -> None:
    assert problem("Zo\u00eb\u0301\u0301\u0301") == ("piled-marks", {"most": 3})


# Width in cells


def test_twelve_wide_letters_fill_the_24_cells_a_name_may_take() -> None:
    assert seated("李" * 12, "Bob")[0] == "李" * 12


def test_thirteen_wide_letters_are_refused_as_too_wide() -> None:
    assert problem("李" * 13) == ("too-wide", {"width": 26, "most": 24})


def test_twenty_four_narrow_letters_are_accepted() -> None:
    assert seated("A" * 24, "Bob")[0] == "A" * 24


def test_twenty_five_narrow_letters_are_refused() -> None:
    assert problem("A" * 25) == ("too-wide", {"width": 25, "most": 24})


def test_accents_take_no_cell() -> None:
    assert cells("e\u0301" * 24) == MAX_NAME_CELLS and name_problem("e\u0301" * 24) is None


@pytest.mark.parametrize(("text", "width"), [("Ann", 3), ("李小龍", 6), ("Zoe\u0301", 3), ("", 0)])
def test_a_name_is_measured_in_terminal_cells(text: str, width: int) -> None:
    assert cells(text) == width


# Games saved before these rules


@pytest.mark.parametrize("name", ["李" * 13, "Ann\u3164"])
def test_a_game_saved_with_a_name_these_rules_refuse_still_deals(name: str) -> None:
    assert XOXO.check_players([name, "Bob"]) == [name, "Bob"]
    assert XOXO.new_game([name, "Bob"], 7) is not None


def test_a_game_held_name_with_control_characters_is_still_refused() -> None:
    with pytest.raises(SetupError) as refused:
        XOXO.check_players(["Ann\x1b]0;x\x07", "Bob"])
    assert refused.value.code == "name-unprintable"
