"""Small French grammar the log lines need: « de » and « à » before a name, with its article.

**Decision** (how names carry their article):

- A mook group is many: « les Vétérans de Villon ». Its lines read « des Vétérans », « aux
  Vétérans », « attaque les Vétérans ».
- A name may carry its own article, written first: « Le Capitaine », « la Reine », « L'Archer »,
  « les Gardes » (« du Capitaine », « de la Reine », « de l'Archer », « des Gardes »).
- A name that begins with a title or a common noun of :data:`MASCULINE` / :data:`FEMININE`
  (« Capitaine de la garde », « Garde 1 », « Reine Mab ») takes « le » / « la » as French does:
  « Au tour du Capitaine de la garde ». Any other name is a proper name, without article:
  « de Brunvir », « d'Alduin ».
"""

from __future__ import annotations

VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ")

#: First words of a name that take « le » (a title, a trade, a rank).
MASCULINE = frozenset(
    "capitaine sergent lieutenant caporal garde chef seigneur comte duc baron roi prince prêtre abbé maître "
    "gardien veilleur marchand aubergiste soldat archer arbalétrier mage sorcier chevalier écuyer bourreau "
    "geôlier prévôt guetteur commandant général colonel évêque moine mendiant voleur assassin".split()
)
#: First words of a name that take « la ».
FEMININE = frozenset(
    "reine princesse comtesse duchesse baronne dame prêtresse abbesse sorcière mère sœur gardienne "
    "capitaine-générale sentinelle".split()
)
_OWN = (("les ", "les"), ("le ", "le"), ("la ", "la"), ("l'", "l'"), ("l’", "l'"))


def article(name: str, group: bool = False) -> tuple[str | None, str]:
    """(the article, the name without it): ``("le", "Capitaine de la garde")``, ``(None, "Brunvir")``."""
    lower = name.lower()
    for written, art in _OWN:
        if lower.startswith(written) and len(name) > len(written):
            return art, name[len(written) :]
    if group:
        return "les", name
    first = lower.split(" ")[0] if lower else ""
    if first in MASCULINE or first in FEMININE:
        if name[:1] in VOWELS:
            return "l'", name
        return ("le" if first in MASCULINE else "la"), name
    return None, name


def de(name: str, group: bool = False) -> str:
    """``de Brunvir``, ``d'Alduin``, ``du Capitaine de la garde``, ``des Vétérans de Villon``."""
    art, rest = article(name, group)
    if art is None:
        return f"d'{name}" if name[:1] in VOWELS else f"de {name}"
    return {"le": f"du {rest}", "la": f"de la {rest}", "l'": f"de l'{rest}", "les": f"des {rest}"}[art]


def to(name: str, group: bool = False) -> str:
    """« à » before a name: ``à Brunvir``, ``au Capitaine``, ``aux Vétérans de Villon``."""
    art, rest = article(name, group)
    if art is None:
        return f"à {name}"
    return {"le": f"au {rest}", "la": f"à la {rest}", "l'": f"à l'{rest}", "les": f"aux {rest}"}[art]


def the(name: str, group: bool = False) -> str:
    """A name as the object of a verb: ``attaque les Vétérans de Villon``, ``attaque Brunvir``,
    ``attaque le Capitaine de la garde``."""
    art, rest = article(name, group)
    if art is None:
        return name
    return f"l'{rest}" if art == "l'" else f"{art} {rest}"


def de_group(name: str) -> str:
    """``des Vétérans de Villon``: a mook group is many (« les Gardes » → « des Gardes »)."""
    return de(name, group=True)
