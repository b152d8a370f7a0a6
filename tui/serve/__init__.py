"""``apotheose serve``: the players join the table over SSH, without accounts (see server)."""
