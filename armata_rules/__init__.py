"""armata-rules: the rules of the cooperative board game *Armata Strigoi* as a typed, verified Python engine."""

__version__ = "0.1.0"
