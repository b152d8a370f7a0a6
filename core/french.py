"""Small French grammar the log lines need: elision of « de » before a vowel."""

from __future__ import annotations

VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ")


def de(name: str) -> str:
    """``de Brunvir``, ``d'Alduin``: « de » elided before a vowel."""
    return f"d'{name}" if name[:1] in VOWELS else f"de {name}"


def de_group(name: str) -> str:
    """``des Vétérans de Villon``: a mook group is many (« les Gardes » → « des Gardes »)."""
    for article in ("les ", "Les "):
        if name.startswith(article):
            return f"des {name[len(article) :]}"
    return f"des {name}"
