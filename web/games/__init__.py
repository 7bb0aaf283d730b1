"""One folder per game: its views and controls (see README.md here for the protocol)."""
