"""Tests of the rules engine (src/machu_picchu), one file per module or rules area."""
