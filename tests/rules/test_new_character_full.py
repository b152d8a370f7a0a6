"""``new_character`` makes a character at full HP, willpower, pm and armour in one go (an import
of 100,000 rows made each twice): what it fills in must be what the character's own maxima say,
whatever its characteristics, losses, mystic gift and armour (RULES 1.1, 1.6)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.armour import ArmourPiece
from core.characteristics import Characteristics
from core.errors import RulesError
from core.roster import new_character

score = st.integers(min_value=0, max_value=99)


@given(
    st.builds(Characteristics, score, score, score, score),
    st.booleans(),
    st.lists(st.sampled_from(list(ArmourPiece)), max_size=4),
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=0, max_value=5),
)
def test_a_new_character_is_at_its_own_maxima(characteristics, mystic, pieces, hp_loss, willpower_loss) -> None:
    try:
        c = new_character(
            "c1",
            "Alduin",
            characteristics,
            mystic=mystic,
            armour_pieces=tuple(pieces),
            hp_loss=hp_loss,
            willpower_loss=willpower_loss,
        )
    except RulesError as refused:  # armour it cannot wear, or a loss past what it has
        assert refused.field in {"armour", "armour_pieces", "hp_loss", "willpower_loss", "hp", "willpower"}, refused
        return
    assert (c.hp, c.willpower, c.pm, c.armour) == (c.max_hp, c.max_willpower, c.max_pm, c.max_armour)
