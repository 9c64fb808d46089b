"""Match codes: made from the system's randomness, read back however they are typed, and a
mistyped one is said with what is wrong."""

from __future__ import annotations

import pytest

from remote.codes import ALPHABET, LENGTH, CodeError, new_code, read_code, shown


def test_a_new_code_reads_back_however_it_is_typed():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200  # 31^6 codes: two alike in 200 would be a broken generator
    for code in codes:
        assert len(code) == LENGTH and set(code) <= set(ALPHABET)
        assert read_code(shown(code)) == code
        assert read_code(" " + shown(code).lower().replace("-", " ") + " ") == code


def test_codes_have_no_characters_people_mix_up():
    assert not set("01OIL") & set(ALPHABET)


@pytest.mark.parametrize(("typed", "said"), [
    ("K7P-4Q", "has 5"),
    ("K7P-4QXX", "has 7"),
    ("K7P-4Q0", "never use 0, O, 1, I or L"),
    ("K7P-4Q!", "no '!'"),
    ("", "has 0"),
])
def test_a_mistyped_code_says_what_is_wrong(typed, said):
    with pytest.raises(CodeError, match="match code") as caught:
        read_code(typed)
    assert said in str(caught.value)
