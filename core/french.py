"""Small French grammar the log lines need: elision of « de » before a vowel."""

from __future__ import annotations

VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ")


def de(name: str) -> str:
    """``de Brunvir``, ``d'Alduin``: « de » elided before a vowel."""
    return f"d'{name}" if name[:1] in VOWELS else f"de {name}"
