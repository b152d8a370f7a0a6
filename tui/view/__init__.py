"""``apotheose view``: the players' live, read-only screen of a campaign (see tui.view.app)."""
