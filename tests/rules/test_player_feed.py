"""The players' feed (issue 37): a delta of two players' pictures, applied to the older one, gives
the newer one, through its JSON line too; a delta holds nothing the newer picture does not; a
delta that does not fit is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.breakdown import Line
from core.player_feed import Changed, Delta, DeltaError, apply, changes_nothing, delta, log_shift
from core.player_send import ROLL_KINDS, Ask, Waiting
from core.player_view import PlayerView, Row, ShownCondition, Wounds
from saves.players_feed import decode_delta, encode_delta

NAMES = ["Segière", "Morvan", "Garde 1", "Garde 2", "l'ombre", "Romuald"]

rows = st.builds(
    Row,
    name=st.sampled_from(NAMES),
    kind=st.sampled_from(["pc", "npc", "group"]),
    current=st.booleans(),
    hp=st.none() | st.integers(0, 3),
    max_hp=st.none() | st.just(3),
    wounds=st.none() | st.sampled_from(list(Wounds)),
    delaying=st.booleans(),
    conditions=st.lists(st.builds(ShownCondition, st.sampled_from(["stunned", "blessed"])), max_size=2).map(tuple),
    bar=st.none() | st.integers(0, 10),
)
lines = st.builds(Line, st.sampled_from(["a hits", "b falls", "c"]), st.sampled_from(["a frappe", "b tombe"]))
views = st.builds(
    PlayerView,
    campaign=st.sampled_from(["Villon", "Nuit"]),
    encounter=st.none() | st.sampled_from(["Fight", "Bagarre"]),
    round=st.none() | st.integers(1, 3),
    rows=st.lists(rows, max_size=6).map(tuple),
    log=st.lists(lines, max_size=8).map(tuple),
    next_up=st.none() | st.sampled_from(NAMES),
    your_turn=st.booleans(),
    # issue 38: what players may send travels in a delta too
    asks=st.lists(st.builds(Ask, st.sampled_from(NAMES), st.sampled_from(ROLL_KINDS)), max_size=2).map(tuple),
    sending=st.booleans(),
    muted=st.lists(st.sampled_from(NAMES), max_size=2).map(tuple),
    waiting=st.lists(
        st.builds(Waiting, st.sampled_from(NAMES), st.sampled_from(ROLL_KINDS), st.integers(-9, 10), st.booleans()),
        max_size=2,
    ).map(tuple),
)


@st.composite
def successors(draw, view: PlayerView) -> PlayerView:
    """A picture after ``view``: a few rows changed, added or gone; the log moved on (lines
    dropped at its start, lines appended) or replaced (an undo, a window moved far)."""
    new_rows = list(view.rows)
    for _ in range(draw(st.integers(0, 3))):
        if new_rows and draw(st.booleans()):
            new_rows[draw(st.integers(0, len(new_rows) - 1))] = draw(rows)
    if draw(st.booleans()):
        new_rows = new_rows[: draw(st.integers(0, len(new_rows)))] + draw(st.lists(rows, max_size=2))
    if draw(st.booleans()):
        log = view.log[draw(st.integers(0, len(view.log))) :] + tuple(draw(st.lists(lines, max_size=3)))
    else:
        log = tuple(draw(st.lists(lines, max_size=8)))
    header = draw(views)
    return PlayerView(
        campaign=header.campaign,
        encounter=header.encounter,
        round=header.round,
        rows=tuple(new_rows),
        log=log,
        next_up=header.next_up,
        your_turn=header.your_turn,
    )


@pytest.mark.slow
@settings(deadline=None)  # a busy machine's pause is not a failure
@given(views, st.data())
def test_a_delta_applied_to_the_old_picture_gives_the_new_one_through_its_json_line(old, data) -> None:
    new = data.draw(successors(old))
    change = decode_delta(encode_delta(delta(old, new)), "x.players.feed")
    assert apply(old, change) == new
    assert changes_nothing(old, change) == (old == new)
    assert all(old.rows[c.at] != c.row for c in change.rows if c.at < len(old.rows))  # only what changed
    assert set(PlayerView(**{**_fields(change), "rows": (), "log": ()}).strings()) <= set(new.strings())  # type: ignore[arg-type]  # the header fields, typed each
    carried = {s for c in change.rows for s in PlayerView(campaign="", rows=(c.row,)).strings()}
    assert carried <= set(new.strings()) | {""}
    assert {ln for ln in change.log} <= set(new.log)


@pytest.mark.slow
@settings(deadline=None)
@given(st.lists(views, min_size=2, max_size=6))
def test_a_chain_of_deltas_gives_the_last_picture(chain) -> None:
    view = chain[0]
    for old, new in zip(chain, chain[1:], strict=False):
        view = apply(view, delta(old, new))
    assert view == chain[-1]


def test_a_line_appended_to_a_full_log_is_one_line_dropped_and_one_sent() -> None:
    a, b, c = Line("a", "a"), Line("b", "b"), Line("c", "c")
    old = PlayerView(campaign="V", log=(a, a, b))
    new = PlayerView(campaign="V", log=(a, b, c))
    change = delta(old, new)
    assert (change.drop, change.log) == (1, (c,))
    assert log_shift((a, b), (c,)) == 2


def test_a_delta_that_does_not_fit_is_refused() -> None:
    row = Row(name="Morvan", kind="pc")
    view = PlayerView(campaign="V", rows=(row,), log=(Line("a", "a"),))
    with pytest.raises(DeltaError):
        apply(view, Delta(campaign="V", size=3, rows=(Changed(1, row),)))  # row 2 missing
    with pytest.raises(DeltaError):
        apply(view, Delta(campaign="V", size=1, rows=(Changed(1, row),)))
    with pytest.raises(DeltaError):
        apply(view, Delta(campaign="V", size=1, drop=2))


def _fields(change: Delta) -> dict[str, object]:
    return {
        "campaign": change.campaign,
        "encounter": change.encounter,
        "round": change.round,
        "next_up": change.next_up,
        "your_turn": change.your_turn,
    }
