"""The hostile-save corpus: saves and records a player's storage might hold (see corpus.py)."""
