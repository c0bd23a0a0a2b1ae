"""*Władcy Nocy* ("Lords of the Night"), the second game of the rulebooks, on the kernel (issue 34).

The only source is the Polish rulebook ``wladcy-nocy_pl.txt`` (source id ``wn.pl``; cite a line as ``wn.pl:225``).
This package imports only :mod:`armata_rules.kernel` (and third-party packages), never Armata's modules, and
importing it imports none of its modules: each is imported where it is used.
"""
