"""Issue 12: what is alive when the app starts (modules, classes, the campaign) is frozen for the
garbage collector while the app runs, so that its full passes (one fell inside the first frame's
composing) do not walk it, and the youngest objects are collected every 10,000 made instead of
700; the process is unfrozen and its thresholds restored once the app has stopped. Issue 37:
nothing is collected before the first frame; then what is alive (the screen's widgets too) is
frozen and the youngest objects collected every 10,000."""

from __future__ import annotations

import gc

from tui import run


def test_the_start_up_heap_is_frozen_while_the_app_runs_and_unfrozen_after(
    tmp_path, monkeypatch, in_a_terminal
) -> None:
    from tui.app import ApotheoseApp

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APOTHEOSE_SAVES", str(tmp_path / "saves"))
    seen: list[int] = []
    thresholds: list[tuple[int, ...]] = []
    before = gc.get_threshold()

    def quick_run(self, **_kwargs):
        seen.append(gc.get_freeze_count())
        thresholds.append(gc.get_threshold())
        self.first_frame_shown()  # what the main screen calls once its first frame is drawn
        seen.append(gc.get_freeze_count())
        thresholds.append(gc.get_threshold())

    monkeypatch.setattr(ApotheoseApp, "run", quick_run)
    assert run.main([]) == 0
    assert seen[0] > 10_000 and seen[1] >= seen[0]
    assert gc.get_freeze_count() == 0
    # no collection before the first frame; after it, the youngest objects every 10,000 made
    assert thresholds == [(run.STARTING_OBJECTS, *before[1:]), (run.YOUNG_OBJECTS, *before[1:])]
    assert gc.get_threshold() == before


def test_the_youngest_objects_are_collected_less_often_from_the_start(tmp_path, monkeypatch, in_a_terminal) -> None:
    """Issue 37: the imports and the campaign's opening (``build``) come before the first frame,
    and they too make objects that live: their collections every 700 (about 100 before the first
    frame), then every 10,000 (16 or 17), are now none; the thresholds restored after."""
    from tui.app import ApotheoseApp

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APOTHEOSE_SAVES", str(tmp_path / "saves"))
    suite = gc.get_threshold()  # the suite's own (tests/conftest.py)
    gc.set_threshold(700, *suite[1:])  # Python's default, as a process starts
    try:
        building: list[tuple[int, ...]] = []
        build = run.build

        def watched_build(*args, **kwargs):
            building.append(gc.get_threshold())
            return build(*args, **kwargs)

        monkeypatch.setattr(run, "build", watched_build)
        monkeypatch.setattr(ApotheoseApp, "run", lambda self, **_kwargs: None)
        assert run.main([]) == 0
        assert building == [(run.STARTING_OBJECTS, *suite[1:])]
        assert gc.get_threshold() == (700, *suite[1:])
    finally:
        gc.set_threshold(*suite)
