"""RULES 1.3: affects and shadow, stigmata and graces."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.errors import RulesError
from core.shadow import (
    LEDGER_KEPT,
    PERMANENT_LOSSES,
    Mark,
    MarkLevel,
    Shadow,
    ShadowEvent,
    change_shadow,
    event_delta,
    mark_level,
    renounce_grace,
    renounce_stigma,
    tainted,
    voluntary_grace,
    voluntary_stigma,
)


def stigmata(n):
    return tuple(Mark("stigma", mark_level(i + 1)) for i in range(n))


def graces(n):
    return tuple(Mark("grace", mark_level(i + 1)) for i in range(n))


def test_e13a_rollion_loses_five_for_a_first_stigma():
    change = voluntary_stigma(Shadow(10))
    assert change.after == 5
    assert change.state.stigmata == (Mark("stigma", "minor"),)
    assert change.stigmata_gained == (Mark("stigma", "minor"),)
    assert change.state.ledger[-1].delta == -5 and change.state.ledger[-1].before == 10


def test_e13b_rollion_overflows_to_seven_with_a_second_major_stigma():
    state = voluntary_stigma(Shadow(10)).state
    change = change_shadow(state, 7, ShadowEvent.gm)
    assert change.after == 7
    assert change.overflow == 1
    assert [m.level for m in change.state.stigmata] == [MarkLevel.minor, MarkLevel.major]
    assert "7" in render(change.breakdown) and "stigmate majeur" in render(change.breakdown, "fr")


def test_e13c_rollion_chooses_a_grace_that_cancels_a_stigma():
    change = voluntary_grace(Shadow(1, stigmata=stigmata(2)))
    assert change.after == 6
    assert change.state.stigmata == (Mark("stigma", "minor"),)
    assert change.state.graces == ()
    assert change.stigmata_removed == (Mark("stigma", "major"),)
    assert change.graces_gained == ()


def test_mark_levels_by_count_held():
    assert [mark_level(n) for n in range(1, 6)] == ["minor", "major", "supreme", "supreme", "supreme"]
    assert PERMANENT_LOSSES[MarkLevel.major] == {"characteristic": 2, "hp": 4, "willpower": 4}


@pytest.mark.parametrize(
    ("event", "delta"),
    [
        ("favourable_affect", 1),
        ("unfavourable_affect", -1),
        ("reroll", 1),
        ("attune_minor", 1),
        ("attune_major", 2),
        ("critical_failure", -1),
        ("enchant_minor", 5),
        ("enchant_major", 10),
        ("concede", -1),
        ("fail_affect", -1),
        ("initiative_boost", 1),
        ("voluntary_stigma", -5),
        ("voluntary_grace", 5),
        ("renounce_grace", -5),
        ("renounce_stigma", 5),
    ],
)
def test_fixed_event_defaults(event, delta):
    assert event_delta(ShadowEvent(event)) == delta


@pytest.mark.parametrize(
    ("event", "low", "high"),
    [("story_element", 1, 3), ("vow_kept", -3, -1), ("vow_broken", 1, 3), ("resist_compulsion", 1, 3)],
)
def test_gm_ranges_need_a_value_within_range(event, low, high):
    with pytest.raises(RulesError) as info:
        event_delta(ShadowEvent(event))
    assert info.value.field == "delta"
    assert event_delta(ShadowEvent(event), low) == low and event_delta(ShadowEvent(event), high) == high
    with pytest.raises(RulesError, match="delta"):
        change_shadow(Shadow(5), high + 1, ShadowEvent(event))


def test_every_event_has_both_labels():
    for event in ShadowEvent:
        assert event.label("en") and event.label("fr")


def test_fixed_event_rejects_another_delta_and_unknown_event():
    with pytest.raises(RulesError, match="delta"):
        change_shadow(Shadow(5), 2, ShadowEvent.favourable_affect)
    with pytest.raises(RulesError) as info:
        change_shadow(Shadow(5), 1, "bogus")
    assert info.value.field == "event"


def test_change_logs_reason_event_and_note():
    change = change_shadow(Shadow(3), None, ShadowEvent.favourable_affect, note="goût pour la liberté")
    entry = change.entry
    assert (entry.delta, entry.before, entry.after, entry.event, entry.note) == (
        1,
        3,
        4,
        "favourable_affect",
        "goût pour la liberté",
    )
    assert "favourable affect" in entry.reason.en and "affect favorable" in entry.reason.fr
    assert change.state.ledger == (entry,)


def test_underflow_adds_five_and_gains_a_grace():
    change = change_shadow(Shadow(0), -1, ShadowEvent.critical_failure)
    assert change.after == 4 and change.underflow == 1
    assert change.state.graces == (Mark("grace", "minor"),)


def test_underflow_removes_a_stigma_first():
    change = change_shadow(Shadow(2, stigmata=stigmata(3)), -3, ShadowEvent.vow_kept)
    assert change.after == 4
    assert len(change.state.stigmata) == 2 and change.state.graces == ()


def test_overflow_with_graces_cancels_the_most_recent_grace():
    change = change_shadow(Shadow(8, graces=graces(2)), 5, ShadowEvent.enchant_minor)
    assert change.after == 8
    assert change.state.graces == (Mark("grace", "minor"),)
    assert change.graces_removed == (Mark("grace", "major"),) and change.stigmata_gained == ()


def test_big_gain_repeats_the_overflow():
    change = change_shadow(Shadow(10), 10, ShadowEvent.enchant_major)
    assert change.after == 10 and change.overflow == 2
    assert [m.level for m in change.state.stigmata] == ["minor", "major"]


def test_sixth_stigma_flags_becomes_npc_and_keeps_the_mark():
    change = change_shadow(Shadow(10, stigmata=stigmata(5)), 1, ShadowEvent.reroll)
    assert change.becomes_npc
    assert len(change.state.stigmata) == 6 and change.stigmata_gained[0].level == "supreme"
    assert "NPC" in render(change.breakdown) and "PNJ" in render(change.breakdown, "fr")


def test_sixth_grace_flags_becomes_npc():
    assert voluntary_grace(Shadow(0, graces=graces(5))).becomes_npc
    assert not voluntary_grace(Shadow(0, graces=graces(4))).becomes_npc


def test_voluntary_stigma_needs_shadow_five_and_cancels_a_grace():
    with pytest.raises(RulesError) as info:
        voluntary_stigma(Shadow(4))
    assert info.value.field == "shadow"
    change = voluntary_stigma(Shadow(5, graces=graces(1)))
    assert change.after == 0 and change.state.graces == () and change.state.stigmata == ()


def test_voluntary_grace_needs_shadow_at_most_five():
    with pytest.raises(RulesError) as info:
        voluntary_grace(Shadow(6))
    assert info.value.field == "shadow"
    assert voluntary_grace(Shadow(5)).state == Shadow(
        10, graces=graces(1), ledger=voluntary_grace(Shadow(5)).state.ledger
    )


def test_change_shadow_routes_voluntary_events():
    assert change_shadow(Shadow(10), -5, ShadowEvent.voluntary_stigma).state.stigmata == stigmata(1)
    with pytest.raises(RulesError, match="shadow"):
        change_shadow(Shadow(2), -5, ShadowEvent.voluntary_stigma)


def test_renounce_grace_costs_five_and_removes_the_chosen_grace():
    state = Shadow(7, graces=(Mark("grace", "minor", note="lévitation"), Mark("grace", "major", note="invisibilité")))
    assert renounce_grace(state).state.graces == state.graces[:1]
    change = renounce_grace(state, index=0)
    assert change.after == 2 and change.state.graces == state.graces[1:]
    assert change.event == ShadowEvent.renounce_grace


def test_renounce_stigma_costs_plus_five():
    change = renounce_stigma(Shadow(3, stigmata=stigmata(2)))
    assert change.after == 8 and change.state.stigmata == stigmata(1)


@pytest.mark.parametrize(
    ("call", "state"),
    [
        (renounce_grace, Shadow(7)),
        (renounce_grace, Shadow(4, graces=graces(1))),
        (renounce_stigma, Shadow(3)),
        (renounce_stigma, Shadow(6, stigmata=stigmata(1))),
    ],
)
def test_renounce_refused_names_shadow(call, state):
    with pytest.raises(RulesError) as info:
        call(state)
    assert info.value.field == "shadow"


def test_renounce_bad_index_names_index():
    with pytest.raises(RulesError) as info:
        renounce_grace(Shadow(7, graces=graces(1)), index=3)
    assert info.value.field == "index"


def test_shadow_state_validation():
    with pytest.raises(RulesError) as info:
        Shadow(11)
    assert info.value.field == "value"
    with pytest.raises(RulesError, match="both"):
        Shadow(5, stigmata=stigmata(1), graces=graces(1))
    with pytest.raises(RulesError) as info:
        Mark("curse", "minor")
    assert info.value.field == "kind"


def test_tainted_default_threshold_six_and_house_rule():
    assert not tainted(5) and tainted(6) and tainted(Shadow(10))
    assert tainted(Shadow(5), threshold=5)


@st.composite
def changes(draw):
    event = draw(st.sampled_from(list(ShadowEvent)))
    low = -15 if event.low is None else event.low
    high = 15 if event.high is None else event.high
    return event, draw(st.integers(low, high))


@given(st.integers(0, 10), st.lists(changes(), max_size=30))
def test_shadow_stays_in_range_and_never_holds_both(start, sequence):
    state = Shadow(start)
    for event, delta in sequence:
        try:
            state = change_shadow(state, delta, event).state
        except RulesError as error:
            assert error.field == "shadow" and event.startswith(("voluntary", "renounce"))
            continue
        assert 0 <= state.value <= 10
        assert not (state.stigmata and state.graces)
    befores = [entry.before for entry in state.ledger]
    afters = [start] + [entry.after for entry in state.ledger]
    assert befores == afters[:-1] and afters[-1] == state.value


@given(st.integers(0, 3 * 50))
def test_the_ledger_keeps_its_newest_changes_in_order_however_many_came(changes):
    state, entries = Shadow(3), []
    for i in range(changes):
        change = change_shadow(state, 1 if i % 2 else -1, ShadowEvent.gm, note=f"#{i}")
        state = change.state
        entries.append(change.entry)
    assert LEDGER_KEPT == 50
    assert state.ledger == tuple(entries[-LEDGER_KEPT:])  # the newest, oldest first: what the sheet shows
    assert all(a.after == b.before for a, b in zip(state.ledger, state.ledger[1:], strict=False))
