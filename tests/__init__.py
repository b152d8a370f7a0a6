"""The tests' package. Its first line runs before tests/conftest.py imports the app: the compiled
modules are kept (``__pycache__``) even where ``PYTHONDONTWRITEBYTECODE`` is set, for the modules
that conftest's own imports bring too (half of core/ was compiled again by every run and worker)."""

import sys

sys.dont_write_bytecode = False
