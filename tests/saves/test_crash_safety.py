"""A saving process killed with SIGKILL at any moment never leaves a missing or broken save."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import orjson
import pytest

from saves.atomic import atomic_write, backups_of

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

KILLS = 30

SAVER = """
import os, sys
from pathlib import Path
from saves.atomic import atomic_write
path, items, counter = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
while True:
    counter += 1
    body = b"%d," % counter * (items - 1) + b"%d" % counter
    atomic_write(path, b'{"counter": %d, "items": %d, "body": [%s], "end": %d}' % (counter, items, body, counter))
    os.write(1, b"%d\\n" % counter)
"""


def check_save(raw: bytes) -> int:
    """A complete save: parses, and its counter stands at both ends and in every item."""
    data = orjson.loads(raw)
    counter = data["counter"]
    assert data["end"] == counter
    assert len(data["body"]) == data["items"]
    assert set(data["body"]) == {counter}
    return counter


def stray_temps(folder: Path) -> list[str]:
    return [n for n in os.listdir(folder) if n.endswith(".tmp")]


@pytest.mark.slow  # about 2 s for 30 kills
def test_sigkill_at_random_moments_never_breaks_the_save(tmp_path):
    path = tmp_path / "camp.json"
    rng = random.Random(1789)
    saved = 0
    for _ in range(KILLS):
        items = rng.randint(20_000, 80_000)  # 100–500 kB a save
        saver = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(path), str(items), str(saved)], stdout=subprocess.PIPE
        )
        reported = [int(saver.stdout.readline())]  # it has saved once and goes on saving
        killer = threading.Timer(rng.uniform(0, 0.01), saver.kill)  # SIGKILL at a random moment
        killer.start()
        saver.wait()
        killer.join()
        reported += map(int, saver.stdout.read().split())
        saver.stdout.close()

        on_disk = check_save(path.read_bytes())
        assert on_disk >= max(reported)
        older = [check_save(b.read_bytes()) for b in backups_of(path)]
        assert older == sorted(set(older), reverse=True)  # newest first, no version twice
        assert not older or older[0] <= on_disk  # killed after linking .1: it is the current version
        assert len(stray_temps(tmp_path)) <= 1  # at most the killed saver's own, the next save removes it
        saved = on_disk

    # A kill in the middle of a rotation can leave a gap in the numbers (.1 .3 .4 .5): every
    # backup there is whole, and the gap moves up one place a save until it drops off the end.
    for _ in range(5):
        atomic_write(path, b'{"counter": 0, "items": 0, "body": [], "end": 0}')
    assert stray_temps(tmp_path) == []
    assert len(backups_of(path)) == 5
