"""A toast shown as its time runs out never freezes the app.

What Textual does: ``ToastRack.show`` checks that a notification has not expired, then builds its
``Toast``, which reads the notification's ``time_left`` then; once mounted, the toast sets a timer
for that long. When the time runs out in between (a busy machine; the log screen opened while
twenty toasts are about to go), the timer gets a negative delay, and ``Timer._run`` never reaches
its next tick: it loops without yielding, and the app is frozen at full CPU for good.

Why it is patched: the app must never freeze, whatever the machine's load. The app's notifications
are :class:`LastingNotification`: one never says less than :data:`LAST_MOMENT` left (its toast
goes at once), and it has expired when its real time has run out.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from time import time

from textual.notifications import Notification

#: The least time a toast is given (seconds): a toast shown as its time runs out goes at once.
LAST_MOMENT = 0.01


class LastingNotification(Notification):
    """A notification whose time left is never negative (see the module)."""

    @property
    def time_left(self) -> float:
        return max(LAST_MOMENT, (self.raised_at + self.timeout) - time())

    @property
    def has_expired(self) -> bool:
        return (self.raised_at + self.timeout) - time() <= 0
