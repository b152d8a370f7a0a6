"""The Apothéose rules engine: pure functions over frozen attrs values.

No Textual, no Rich, no file I/O. Each module holds one section of docs/rules.md:
``rolls`` 1.2, ``shadow`` 1.3, ``initiative`` 1.4, ``combat`` 1.5, ``damage`` 1.6,
``magic`` 1.7, ``progression`` 1.8, ``characteristics`` 1.1.
"""
