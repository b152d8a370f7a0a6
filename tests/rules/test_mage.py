"""RULES 2: Mage: l'Ascension: the worked examples M1–M3, the odds, and the rules' invariants."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import RulesError
from core.house_rules import HouseRules
from core.mage import (
    Connection,
    Duration,
    MageEffect,
    assistants_of,
    chance,
    counter_magic,
    mage_spell,
    percent,
    ritual_interval,
    ritual_max_rolls,
    scope_row,
)

# --- the worked examples ------------------------------------------------------------------------


def test_M1_ten_targets_for_a_month_on_someone_met_needs_eleven_successes():
    result = mage_spell(MageEffect(sphere=3, arete=3, targets=10, duration="month", connection="met"))
    assert (result.extras.targets, result.extras.duration, result.extras.connection) == (3, 3, 4)
    assert result.successes_needed == 11 and result.possible
    assert "successes needed: 1 + scope 6 + connection met 4 = 11" in [line.en for line in result.breakdown]


def test_M2_arete_3_willpower_5_rolls_each_hour_at_most_5_times():
    assert (ritual_interval(3), ritual_max_rolls(3, 5)) == (60, 5)
    result = mage_spell(MageEffect(sphere=2, arete=3, willpower=5))
    assert (result.ritual_interval_minutes, result.ritual_max_rolls) == (60, 5)


def test_M3_five_quintessence_with_avatar_4_adds_3_dice_and_spends_3():
    result = mage_spell(MageEffect(sphere=2, arete=3, quintessence=5, avatar=4))
    assert (result.quintessence_dice, result.quintessence_spent, result.dice_rolled) == (3, 3, 5 + 3)
    turn_capped = mage_spell(MageEffect(sphere=2, arete=3, quintessence=5, avatar=2))
    assert turn_capped.quintessence_dice == turn_capped.quintessence_spent == 2


# --- the tables -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "row"),
    [(0, 0), (1, 0), (2, 1), (3, 2), (5, 2), (6, 3), (10, 3), (11, 4), (499, 8), (500, 8), (501, None)],
)
def test_a_value_between_two_rows_takes_the_higher_row(value, row):
    assert scope_row(value) == row


def test_ritual_intervals_by_arete():
    assert [ritual_interval(a) for a in range(1, 11)] == [180, 180, 60, 60, 30, 30, 10, 10, 1, 1]
    assert ritual_max_rolls(1, 2) == 0  # 2 h of willpower, a 3 h interval: no roll
    assert ritual_max_rolls(9, 1) == 60


def test_scope_combined_buys_all_three_columns_with_the_highest_row():
    effect = MageEffect(sphere=3, arete=3, targets=10, radius=2, duration="month")
    assert mage_spell(effect).extras.scope == 3 + 1 + 3
    assert mage_spell(effect, scope_separate=False).extras.scope == 3
    assert mage_spell(effect, scope_separate=False).successes_needed == 4


def test_pools_rote_and_improvised_minus_resistance():
    assert mage_spell(MageEffect(sphere=2, rote=True, attribute=3, ability=2)).pool == 7
    assert mage_spell(MageEffect(sphere=2, arete=4, resistance=2)).pool == 4
    breakdown = mage_spell(MageEffect(sphere=2, arete=4, resistance=2)).breakdown
    assert breakdown[0].fr == "improvisé : entéléchie 4 + sphère 2 − résistance 2 = 4"


def test_free_successes_pay_extras_first_then_difficulty():
    effect = MageEffect(sphere=4, needed=2, arete=3, power=3, as_difficulty=1, difficulty=6)
    result = mage_spell(effect)
    assert (result.free_successes, result.free_used, result.successes_needed, result.difficulty) == (2, 2, 1, 7)
    assert result.paradox_level == 4
    too_many = mage_spell(attrs.evolve(effect, as_difficulty=2))
    assert not too_many.possible and too_many.reason.en == "2 extras taken as difficulty, only 1 to take"


def test_free_successes_never_pay_the_base_success():
    result = mage_spell(MageEffect(sphere=5, needed=1, arete=3))
    assert (result.free_successes, result.free_used, result.successes_needed, result.paradox_level) == (4, 0, 1, 1)


def test_impossible_requests_say_why():
    cases = {
        "unknown target: no connection, impossible": MageEffect(sphere=3, arete=3, connection="unknown"),
        "501 targets: past 500, not one spell": MageEffect(sphere=3, arete=3, targets=501),
        "radius 600 m: past 500 m, not one spell": MageEffect(sphere=3, arete=3, radius=600),
        "the effect needs sphere 3, the caster has 2": MageEffect(sphere=2, needed=3, arete=3),
        "a pool of 0: at least 1 die is needed": MageEffect(sphere=1, arete=1, resistance=2),
        "difficulty 11: past 10": MageEffect(sphere=1, arete=3, power=2, as_difficulty=2, difficulty=9),
    }
    for reason, effect in cases.items():
        result = mage_spell(effect)
        assert (result.possible, result.reason.en, result.chance) == (False, reason, None)
        assert result.breakdown[-1].en == f"impossible: {reason}"


def test_paradox_pool():
    vulgar = MageEffect(
        sphere=2, rote=True, attribute=2, ability=2, vulgar=True, sleepers=True, paradox_pool=3, paradox_rolls=2
    )
    assert mage_spell(vulgar).paradox_pool == 3 + 2 + 2 - 1
    witnessed = attrs.evolve(vulgar, vulgar=False, witnesses=True)
    assert mage_spell(witnessed).paradox_pool == 3 + 2 - 1  # sleepers count for vulgar magic only
    assert mage_spell(attrs.evolve(vulgar, vulgar=False)).paradox_pool is None
    assert mage_spell(MageEffect(sphere=1, rote=True, attribute=1, ability=1, vulgar=True)).paradox_pool == 0


def test_ritual_dice_add_to_the_roll():
    result = mage_spell(MageEffect(sphere=2, arete=3, willpower=5, foci=2, assistants=(1, 3), acolytes=2))
    assert (result.pool, result.dice_rolled) == (5, 5 + 2 + 4 + 2)


def test_malformed_input_names_the_field():
    for kwargs, field in [
        ({"sphere": 2}, "arete"),
        ({"sphere": 2, "rote": True, "attribute": 2}, "ability"),
        ({"sphere": 2, "arete": 3, "power": -1}, "power"),
        ({"sphere": 2, "arete": 3, "duration": "century"}, "duration"),
        ({"sphere": 2, "arete": 3, "connection": "telepathic"}, "connection"),
        ({"sphere": 2, "rote": True, "attribute": 2, "ability": 1, "willpower": 3}, "willpower"),
        ({"sphere": 2, "arete": 3, "assistants": (1, -2)}, "assistants"),
        ({"sphere": 2, "arete": 3, "difficulty": 1}, "difficulty"),
    ]:
        with pytest.raises(RulesError) as caught:
            MageEffect(**kwargs)
        assert caught.value.field == field
    with pytest.raises(RulesError) as caught:
        assistants_of("1,x")
    assert caught.value.field == "assistants"
    assert assistants_of("1, 3,0") == (1, 3, 0)


def test_house_rules_default_on():
    rules = HouseRules()
    assert rules.mage_ones_cancel and rules.mage_scope_separate


def test_enums_take_their_values():
    assert [d.row for d in Duration] == list(range(9)) and Duration("2y") is Duration.two_years
    assert Connection.unknown.row is None and Connection.described.row == 5
    assert Connection.met.label("fr") == "rencontré"


# --- counter-magic ----------------------------------------------------------------------------


#: Seed ``001_…`` l.78 and l.52, the passages the rolled reading rests on.
SEED_COUNTER = (
    "Chaque succès obtenu par la cible est additionné à son score de Contre-Magie. Le score total de "
    "Contre-Magie est lancé en opposition avec le jet de l'Effet adverse. Si les succès du lanceur sont "
    "réduits à zéro, l'Effet est annulé. Si la cible obtient plus de succès que le lanceur, elle retourne "
    "son Effet contre lui."
)
SEED_QUINTESSENCE_DICE = "(et sur la base d'un dé par Point de Quintessence)"


def test_counter_score_is_rolled_against_the_effect_by_default():
    """SEED_COUNTER, SEED_QUINTESSENCE_DICE: the score (successes + Quintessence, a die a point) is rolled; each of its
    successes takes one of the caster's; at zero the effect is cancelled, past it turned back."""
    assert not HouseRules().mage_counter_flat
    # Today's reading would cancel 3 successes with a score of 3; rolled, the score's 3 dice
    # must make 3 successes themselves.
    waiting = counter_magic(5, 3, successes=2, quintessence=1)
    assert (waiting.score, waiting.result) == (3, None)
    reduced = counter_magic(5, 3, successes=2, quintessence=1, opposed=1)
    assert (reduced.result, reduced.effect_successes_left) == ("reduced", 2)
    assert counter_magic(5, 3, successes=2, quintessence=1, opposed=3).result == "cancelled"
    turned = counter_magic(5, 2, successes=2, quintessence=1, opposed=3)
    assert (turned.result, turned.effect_successes_left) == ("turned", 0)
    lines = [line.en for line in turned.breakdown]
    assert "score 2 + 1 = 3: 3 dice rolled against the effect's 2 successes" in lines
    assert lines[-1] == "opposed roll 3 against 2: the effect turns back on its caster"
    for field, kwargs in (("opposed", {"successes": 2, "opposed": 4}), ("successes", {"opposed": 1})):
        with pytest.raises(RulesError) as caught:
            counter_magic(5, 3, quintessence=1, **kwargs)
        assert caught.value.field == field


def _brute_counter(pool: int, quintessence: int, against: int, difficulty: int) -> tuple[Fraction, Fraction]:
    """Every face of the pool, then every face of the score's dice (a botch makes 0). The second
    roll's faces are enumerated once per number of dice (how many of its 10**n outcomes cancel,
    how many turn), not again under each first roll: the same sum, without a million fractions."""

    def made(faces: tuple[int, ...]) -> int:
        return max(0, sum(f >= difficulty for f in faces) - faces.count(1))

    @functools.cache
    def outcomes(dice: int) -> tuple[int, int]:
        rolls = [made(second) for second in itertools.product(range(1, 11), repeat=dice)]
        return sum(m >= against for m in rolls), sum(m > against for m in rolls)

    cancel = turn = Fraction(0)
    for first in itertools.product(range(1, 11), repeat=pool):
        dice = made(first) + quintessence
        cancels, turns = outcomes(dice)
        cancel += Fraction(cancels, 10 ** (pool + dice))
        turn += Fraction(turns, 10 ** (pool + dice))
    return cancel, turn


@pytest.mark.parametrize(("pool", "quintessence", "against", "difficulty"), [(2, 1, 1, 6), (3, 0, 2, 5), (1, 2, 2, 8)])
def test_counter_odds_are_exact_over_both_rolls(pool, quintessence, against, difficulty):
    result = counter_magic(pool, against, quintessence=quintessence, difficulty=difficulty)
    assert (result.chance_cancel, result.chance_turn) == _brute_counter(pool, quintessence, against, difficulty)


def test_counter_odds_once_the_pool_is_rolled_are_the_scores_dice():
    result = counter_magic(5, 3, successes=2, quintessence=1, difficulty=6)
    assert (result.chance_cancel, result.chance_turn) == (chance(3, 6, 3), chance(3, 6, 4))
    assert "difficulty 6: cancels it (3 successes to 0): 12.5%, turns it back (more than 3): 0%" in [
        line.en for line in result.breakdown
    ]


def test_house_rule_mage_counter_flat_compares_the_score():
    assert counter_magic(5, 3, successes=1, flat=True).result == "reduced"
    assert counter_magic(5, 3, successes=1, flat=True).effect_successes_left == 2
    assert counter_magic(5, 3, successes=2, quintessence=1, flat=True).result == "cancelled"
    turned = counter_magic(5, 3, successes=4, flat=True)
    assert (turned.score, turned.result, turned.effect_successes_left) == (4, "turned", 0)
    assert counter_magic(5, 3, flat=True).result is None
    with pytest.raises(RulesError) as caught:
        counter_magic(2, 3, successes=3, flat=True)
    assert caught.value.field == "successes"
    with pytest.raises(RulesError) as caught:
        counter_magic(5, 3, successes=3, opposed=1, flat=True)
    assert caught.value.field == "opposed"


def test_house_rule_mage_counter_flat_odds():
    result = counter_magic(4, 2, quintessence=1, difficulty=6, flat=True)
    assert result.chance_cancel == chance(4, 6, 1) and result.chance_turn == chance(4, 6, 2)
    # Quintessence enough on its own: certain (a botch adds nothing, it takes nothing away).
    assert counter_magic(4, 2, quintessence=2, difficulty=6, flat=True).chance_cancel == 1


def test_the_rolled_reading_is_weaker_than_the_flat_one():
    """docs/rules.md 2.7: 6 dice, 1 Quintessence, difficulty 6 against 3 successes: 72 % flat, 20.1 % rolled."""
    rolled = counter_magic(6, 3, quintessence=1, difficulty=6)
    flat = counter_magic(6, 3, quintessence=1, difficulty=6, flat=True)
    assert rolled.chance_cancel < flat.chance_cancel and rolled.chance_turn < flat.chance_turn
    assert (percent(flat.chance_cancel), percent(rolled.chance_cancel)) == ("72%", "20.1%")


# --- the odds: exact, against brute force ----------------------------------------------------------


def brute_force(dice: int, difficulty: int, needed: int, ones_cancel: bool) -> Fraction:
    hits = 0
    for faces in itertools.product(range(1, 11), repeat=dice):
        net = sum(face >= difficulty for face in faces) - (faces.count(1) if ones_cancel else 0)
        hits += net >= needed
    return Fraction(hits, 10**dice)


@given(st.integers(0, 4), st.integers(2, 10), st.integers(0, 5), st.booleans())
def test_chance_equals_brute_force_enumeration(dice, difficulty, needed, ones_cancel):
    assert chance(dice, difficulty, needed, ones_cancel=ones_cancel) == brute_force(
        dice, difficulty, needed, ones_cancel
    )


def test_chance_known_values():
    assert chance(1, 6, 1) == Fraction(5, 10)
    assert chance(1, 6, 1, ones_cancel=False) == Fraction(5, 10)
    assert chance(2, 10, 1) == Fraction(19 - 2, 100)  # at least one 10, but not 10 and 1 (either order)
    assert chance(3, 6, 0, ones_cancel=False) == 1 and chance(3, 6, 0) < 1  # the ones can leave less than 0


@given(st.integers(0, 30), st.integers(2, 9), st.integers(1, 12), st.booleans())
def test_chance_never_rises_with_difficulty(dice, difficulty, needed, ones_cancel):
    assert chance(dice, difficulty + 1, needed, ones_cancel=ones_cancel) <= chance(
        dice, difficulty, needed, ones_cancel=ones_cancel
    )


def test_thirty_dice_are_exact():
    assert 0 < chance(30, 6, 15) < 1 and chance(30, 6, 31) == 0


# --- the invariants ---------------------------------------------------------------------------

EFFECTS = st.builds(
    MageEffect,
    sphere=st.integers(1, 5),
    arete=st.integers(1, 10),
    needed=st.one_of(st.none(), st.integers(1, 5)),
    power=st.integers(0, 6),
    targets=st.integers(1, 500),
    radius=st.integers(0, 500),
    duration=st.sampled_from(list(Duration)),
    connection=st.one_of(st.none(), st.sampled_from([c for c in Connection if c is not Connection.unknown])),
)
EXTRAS = st.sampled_from(["power", "targets", "radius", "duration", "connection"])


def _more(effect: MageEffect, extra: str) -> MageEffect:
    """``effect`` with one more row of ``extra`` (where the table has one)."""
    if extra == "power":
        return attrs.evolve(effect, power=effect.power + 1)
    if extra in ("targets", "radius"):
        return attrs.evolve(effect, **{extra: min(500, getattr(effect, extra) * 2 + 1)})
    if extra == "duration":
        durations = list(Duration)
        return attrs.evolve(effect, duration=durations[min(8, durations.index(effect.duration) + 1)])
    connections: list[Connection] = [c for c in Connection if c is not Connection.unknown]
    now = -1 if effect.connection is None else connections.index(effect.connection)
    return attrs.evolve(effect, connection=connections[min(5, now + 1)])


@given(EFFECTS, EXTRAS, st.booleans())
def test_successes_needed_at_least_1_and_monotonic_in_every_extra(effect, extra, separate):
    before = mage_spell(effect, scope_separate=separate)
    after = mage_spell(_more(effect, extra), scope_separate=separate)
    if before.possible:
        assert before.successes_needed >= 1
        assert after.successes_needed >= before.successes_needed


@given(EFFECTS, st.integers(0, 5))
def test_free_successes_never_lower_the_base(effect, more_sphere):
    plain = mage_spell(attrs.evolve(effect, needed=None))
    stronger = mage_spell(attrs.evolve(effect, sphere=effect.sphere + more_sphere, needed=effect.sphere))
    if plain.possible:
        assert stronger.successes_needed >= 1
        assert stronger.successes_needed == max(1, plain.successes_needed - more_sphere)


# --- issue 35 item 4: the Paradox line ends on the value --------------------------------------


def test_the_paradox_line_shows_the_floor_at_zero():
    """``calc spell mage --rote --attribute 1 --ability 0 --sphere 1 --vulgar --paradox-pool 0``
    printed ``paradox 0 − rote 1 = -1`` while the pool is 0."""
    result = mage_spell(MageEffect(sphere=1, rote=True, attribute=1, ability=0, vulgar=True, paradox_pool=0))
    assert result.paradox_pool == 0
    lines = {line.en: line.fr for line in result.breakdown if line.en.startswith("paradox pool")}
    assert lines == {
        "paradox pool: paradox 0 − rote 1 = -1, never below 0: 0": "groupement de paradoxe : paradoxe 0 − routine 1 = -1, jamais moins de 0 : 0"
    }


@given(st.integers(0, 3), st.integers(0, 3), st.booleans(), st.booleans(), st.booleans())
def test_the_paradox_line_always_ends_on_the_pool(pool, rolls, rote, sleepers, vulgar):
    effect = MageEffect(sphere=1, arete=2, rote=rote, attribute=1 if rote else None, ability=1 if rote else None,
                        vulgar=vulgar, witnesses=not vulgar, sleepers=sleepers and vulgar, paradox_pool=pool,
                        paradox_rolls=rolls)  # fmt: skip
    result = mage_spell(effect)
    line = next(line for line in result.breakdown if line.en.startswith("paradox pool"))
    assert line.en.rsplit(" ", 1)[-1] == str(result.paradox_pool)
    assert line.fr.rsplit(" ", 1)[-1] == str(result.paradox_pool)
