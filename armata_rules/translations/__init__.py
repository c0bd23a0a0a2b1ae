"""The ambiguity finder: the aligned clause corpus of every rulebook text, and findings across translations."""
