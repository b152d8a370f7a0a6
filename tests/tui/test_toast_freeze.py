"""A toast shown as its time runs out never freezes the app (tui/textual_fixes/toasts.py): seen on
a loaded machine, the log opened with twenty toasts about to go, the app looping for ever."""

from __future__ import annotations

import time

from textual.widgets._toast import Toast

from tests.tui.pilot import make_test_app, run, wait_for
from tui.textual_fixes.toasts import LAST_MOMENT, LastingNotification


def test_a_notification_whose_time_ran_out_gives_its_toast_a_moment_not_a_negative_time() -> None:
    late = LastingNotification("x", timeout=1.0, raised_at=time.time() - 5)
    assert late.has_expired and late.time_left == LAST_MOMENT
    assert Toast(late)._timeout == LAST_MOMENT
    fresh = LastingNotification("x", timeout=60.0)
    assert not fresh.has_expired and 59 < fresh.time_left <= 60


@run
async def test_the_app_s_toasts_come_from_notifications_that_never_run_negative() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("Brunvir [b]x[/b]")
        await wait_for(pilot, lambda: bool(app.screen.query(Toast)))
        (toast,) = app.screen.query(Toast)
        assert isinstance(toast._notification, LastingNotification)
        assert "Brunvir [b]x[/b]" in str(toast.render())  # still plain text, as typed
