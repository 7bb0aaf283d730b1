"""Machu Picchu's bots tests, a package so that their module names never clash with another
game's test_bots.py (pytest imports test files by their base name otherwise)."""
