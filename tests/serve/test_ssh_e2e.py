"""Play over SSH, end to end: a real sshd, a GM account and a players-only account, tmux.

The test installs OpenSSH's server and tmux when they are missing (apt-get, as root: the CI
machine is Debian and runs as root), starts ``sshd`` on 127.0.0.1 on a free port with its own
config and host key and a client key made for the test, creates a GM user and a player user in
one group (the player also in a players-only group whose ``Match Group`` block forces
``apotheose view``, as the README recipe says), shares the campaign with ``apotheose share``,
runs the GM app over ``ssh -t`` in one tmux session and the player's view over ssh in another,
plays damage, a turn and a hidden NPC's action, and reads the view's screen: each change is there
within the budget after the GM's save, and the hidden NPC never is. It also checks, as the
player, that the shared campaign can be neither locked, written, renamed nor deleted. It then
stops sshd by its pid, removes the users and groups and puts back the modes it changed.

The new users run the app from this work tree's ``.venv``: the folders above it, and above the
Python it was made from (pyenv puts it under /root), may not let other users through (a clone
under /tmp or /root is often ``rwx------``), so the test adds ``o+x`` (pass through, not list)
to each folder on the way that lacks it, and restores the modes afterwards. Without root, outside CI, it is skipped (creating users needs root); under
``CI=true`` it never is: it fails with the reason.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.present import present
from tests.terminals import Tmux, need, wait_until, which

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

VENV_BIN = Path(sys.executable).parent
APOTHEOSE = VENV_BIN / "apotheose"
PYTHON = VENV_BIN / "python"
#: The view's budget: from the GM's save to the players' screen.
BUDGET = 0.5


def run(*args: str, check: bool = True, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), check=check, capture_output=True, text=True, timeout=120, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def as_user(user: str, code: str) -> subprocess.CompletedProcess:
    """Run Python ``code`` as ``user`` (with the venv's interpreter)."""
    return run("su", "-s", "/bin/sh", user, "-c", f"{PYTHON} -c {sh_quote(code)}", check=False)


def sh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\"'\"'") + "'"


def open_the_way(target: Path) -> list[tuple[Path, int]]:
    """Add o+x to each folder above ``target`` (and itself) that lacks it; what to restore."""
    changed = []
    for folder in (target, *target.parents):
        mode = stat.S_IMODE(os.stat(folder).st_mode)
        if not mode & stat.S_IXOTH:
            os.chmod(folder, mode | stat.S_IXOTH)
            changed.append((folder, mode))
    return changed


def requirements() -> None:
    ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
    if os.geteuid() != 0:
        if ci:
            pytest.fail("the SSH end-to-end test needs root on CI (to create users and start sshd)")
        pytest.skip("needs root: creates users and starts sshd (runs on CI)")
    try:
        need("sshd", "ssh", "ssh-keygen", "tmux")
    except RuntimeError as error:
        pytest.fail(f"cannot run sshd for the SSH test: {error}")
    for tool in ("useradd", "userdel", "groupadd", "groupdel", "su"):
        if which(tool) is None:
            pytest.fail(f"cannot create the test users: {tool} is missing")


class Sshd:
    """sshd on 127.0.0.1 with its own config, host key and one client key for every user."""

    def __init__(self, base: Path, force: dict[str, str]) -> None:
        self.base, self.port = base, free_port()
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(base / "host_key"))
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(base / "client_key"))
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)
        matches = "".join(f"Match Group {group}\n    ForceCommand {command}\n" for group, command in force.items())
        config = base / "sshd_config"
        config.write_text(
            f"Port {self.port}\nListenAddress 127.0.0.1\nHostKey {base / 'host_key'}\nPidFile {base / 'sshd.pid'}\n"
            "AuthorizedKeysFile .ssh/authorized_keys\nPubkeyAuthentication yes\nPasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\nUsePAM no\nPermitRootLogin no\nStrictModes yes\n"
            "PrintMotd no\nPrintLastLog no\nAcceptEnv LANG\n" + matches
        )
        self.process = subprocess.Popen(
            [present(which("sshd")), "-D", "-e", "-f", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=open(base / "sshd.log", "w"),
        )
        wait_until(self._listening, 20)

    def _listening(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(f"sshd exited: {(self.base / 'sshd.log').read_text()[-500:]}")
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", self.port)) == 0

    def authorise(self, user: str) -> None:
        home = Path(os.path.expanduser(f"~{user}"))
        ssh = home / ".ssh"
        ssh.mkdir(mode=0o700, exist_ok=True)
        (ssh / "authorized_keys").write_text((self.base / "client_key.pub").read_text())
        os.chmod(ssh / "authorized_keys", 0o600)
        shutil.chown(ssh, user, None)
        shutil.chown(ssh / "authorized_keys", user, None)

    def command(self, user: str, remote: str = "", *, tty: bool = False) -> str:
        options = (
            f"-i {self.base / 'client_key'} -o IdentitiesOnly=yes -o StrictHostKeyChecking=no "
            f"-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o BatchMode=yes -p {self.port}"
        )
        return f"ssh {'-t ' if tty else ''}{options} {user}@127.0.0.1 {sh_quote(remote) if remote else ''}".strip()

    def stop(self) -> None:
        os.kill(self.process.pid, 15)  # by its pid
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, 9)
            self.process.wait(10)


MAKE_CAMPAIGN = """
import attrs, sys
from core.demo import demo_campaign
from saves.store import create_campaign
c = demo_campaign('Villon')
c = c.with_character(attrs.evolve(c.character('capitaine'), hidden=True))
print(create_campaign(sys.argv[1], c))
"""


@pytest.mark.slow
def test_play_over_ssh_gm_and_player_in_one_group(tmp_path) -> None:
    requirements()
    tag = secrets.token_hex(3)
    table, players = f"apot{tag}", f"apop{tag}"
    gm, player = f"apogm{tag}", f"apopl{tag}"
    base = Path(tempfile.mkdtemp(prefix="apotheose-ssh-", dir="/tmp"))
    restore = []
    for needed in (VENV_BIN.parent, Path(os.path.realpath(sys.executable)).parent, Path(sys.base_prefix)):
        restore += open_the_way(needed)
    made_users: list[str] = []
    made_groups: list[str] = []
    sshd = gm_tty = view_tty = None
    try:
        for group in (table, players):
            run("groupadd", group)
            made_groups.append(group)
        run("useradd", "-m", "-s", "/bin/sh", "-G", table, gm)
        made_users.append(gm)
        run("useradd", "-m", "-s", "/bin/sh", "-G", f"{table},{players}", player)
        made_users.append(player)
        for user in (gm, player):
            run("usermod", "-p", "*", user)  # no password, but not a locked account (sshd refuses those)
        importable = as_user(player, "import tui.view.app")
        assert importable.returncode == 0, f"the player cannot run the app from {VENV_BIN}: {importable.stderr}"

        games = base / "games"
        games.mkdir()
        os.chmod(base, 0o755)
        shutil.chown(games, gm, table)
        saves = games / "campagnes"
        made = as_user(gm, MAKE_CAMPAIGN.replace("sys.argv[1]", repr(str(saves / "villon.json"))))
        assert made.returncode == 0, made.stderr
        campaign = saves / "villon.json"

        view_command = f"{APOTHEOSE} view villon --saves {saves} --no-mouse"
        sshd = Sshd(base, {players: view_command})
        for user in (gm, player):
            sshd.authorise(user)
        shared = run(
            "sh", "-c", sshd.command(gm, f"{APOTHEOSE} share villon --group {table} --saves {saves}"), check=False
        )
        assert shared.returncode == 0 and "drwxr-s---" in shared.stdout, shared.stdout + shared.stderr

        gm_tty = Tmux(sshd.command(gm, f"{APOTHEOSE} villon --saves {saves} --no-mouse", tty=True))
        view_tty = Tmux(sshd.command(player, "anything: the account is forced to the view", tty=True))
        seen: list[str] = []

        def view_shows(text: str):
            def check() -> bool:
                screen = view_tty.screen()
                seen.append(screen)
                return text in screen

            return check

        def screens() -> str:
            log = (base / "sshd.log").read_text()[-800:]
            return f"\n--- GM ---\n{gm_tty.screen()}\n--- view ---\n{view_tty.screen()}\n--- sshd ---\n{log}"

        wait_until(lambda: "Initiative" in gm_tty.screen(), 90, explain=screens)
        wait_until(view_shows("Players' view of"), 90, explain=screens)

        def signature() -> tuple[int, int]:
            st = os.stat(campaign)
            return st.st_ino, st.st_mtime_ns

        def play(keys: tuple[str, ...], expected: str) -> float:
            """Press ``keys`` in the GM's session; seconds from its save to the view showing ``expected``."""
            before = signature()
            gm_tty.keys(*keys)
            wait_until(lambda: signature() != before, 30, 0.005, explain=screens)
            return wait_until(view_shows(expected), 30, 0.01, explain=screens)

        latencies = [play(("x", "6", "Enter"), "HP 8/11")]  # damage to Brunvir (heavy armour 3)
        gm_tty.keys("Escape")  # back to the initiative list (a lone Escape: wait before the next key)
        wait_until(lambda: "╭─ Initiative" in gm_tty.screen(), 30, explain=screens)
        # the hidden captain's turn: nobody's turn shown, only who is next
        latencies.append(play(("n",), "round 1 · next: Vétérans de Villon\n"))
        latencies.append(play(("d",), "turn: Vétérans de Villon"))  # the hidden captain delays (its action)
        assert max(latencies) <= BUDGET, latencies
        everything = "\n".join(seen)
        assert "Capitaine" not in everything and "Commands the veterans" not in everything

        # The player can neither take the lock, nor write, rename or delete the campaign or its backups.
        attempts = as_user(
            player,
            f"""
import fcntl, os
path = {str(campaign)!r}
refused = []
for name, attempt in [
    ("lock", lambda: fcntl.flock(os.open(path + ".lock", os.O_RDONLY), fcntl.LOCK_EX | fcntl.LOCK_NB)),
    ("write", lambda: open(path, "ab")),
    ("rename", lambda: os.rename(path, path + ".mine")),
    ("delete backup", lambda: os.unlink(path + ".1")),
    ("plant", lambda: open(os.path.dirname(path) + "/x", "w")),
]:
    try:
        attempt()
    except (PermissionError, FileNotFoundError):
        refused.append(name)
print(",".join(refused))
""",
        )
        assert attempts.stdout.strip() == "lock,write,rename,delete backup,plant", attempts.stdout + attempts.stderr
        st = os.stat(campaign)
        assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_uid == _uid(gm)

        # Every file the player can read in the saves folder holds nothing the GM hid: the
        # hidden captain, the GM's notes, the NPCs' characteristics (only the players' file and feed).
        readable = as_user(
            player,
            f"""
import os
folder = {str(saves)!r}
for name in sorted(os.listdir(folder)):
    try:
        with open(os.path.join(folder, name), "rb") as f:
            print("FILE", name, f.read().decode("utf-8", "replace").replace(chr(10), " "))
    except (PermissionError, IsADirectoryError):
        pass
""",
        )
        files = [line.split(" ", 2) for line in readable.stdout.splitlines() if line.startswith("FILE ")]
        readable_names = [name for _, name, _ in files]  # the players' picture and its feed
        assert readable_names == ["villon.players.feed", "villon.players.json"], readable.stdout + readable.stderr
        for _, name, text in files:
            for secret in ("Capitaine", "Arbalétriers", "Commands the veterans", "characteristics", "notes", "corps"):
                assert secret not in text, (name, secret)

        gm_tty.keys("q")
        wait_until(lambda: "apotheose" not in gm_tty.screen() or gm_tty.dead(), 30)
    finally:
        for tty in (gm_tty, view_tty):
            if tty is not None:
                tty.close()
        if sshd is not None:
            sshd.stop()
        for user in made_users:
            # Their apps got SIGHUP when the ssh links closed: wait for them to be gone.
            try:

                def gone(user: str = user) -> bool:
                    return run("pgrep", "-u", user, check=False).returncode != 0

                wait_until(gone, 20, 0.1)
            except TimeoutError:
                pass
            run("userdel", "-r", user, check=False)
        for group in made_groups:
            run("groupdel", group, check=False)
        for folder, mode in reversed(restore):
            os.chmod(folder, mode)
        shutil.rmtree(base, ignore_errors=True)


def _uid(user: str) -> int:
    import pwd

    return pwd.getpwnam(user).pw_uid
