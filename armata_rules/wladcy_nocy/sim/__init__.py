"""Simulated players of *Władcy Nocy*: policies that pick an action for a state, for tests and engine work (never for
balance figures on the synthetic pack). Importing this package imports none of its modules."""
