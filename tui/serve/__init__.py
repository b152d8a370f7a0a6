"""``apotheose serve``: the players join the table over SSH, without accounts (see server)."""

import warnings

# asyncssh still names DSA keys in its type hints, and cryptography ≥ 48 warns about DSA when
# asyncssh is imported: two screens of warnings on the GM's terminal for keys serve never uses.
# Every import of asyncssh in the project is inside this package, after this line.
warnings.filterwarnings("ignore", message="DSA is deprecated", module="asyncssh")
