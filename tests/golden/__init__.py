"""Golden files: what each format version wrote. Their log lines are worded as they were then;
:func:`reworded` gives them today's French wording, for tests that compare a golden file with
what the actions make today."""

#: French lines worded since the golden files were written (issue 34, item 13: a name's article).
REWORDED = {
    "Au tour de Capitaine de la garde": "Au tour du Capitaine de la garde",
    "attaque Vétérans de Villon": "attaque les Vétérans de Villon",
}


def reworded(raw: bytes) -> bytes:
    """A golden file's bytes with its old French lines as they are worded today."""
    text = raw.decode()
    for old, new in REWORDED.items():
        text = text.replace(old, new)
    return text.encode()
