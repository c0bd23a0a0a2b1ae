"""The rules of *Władcy Nocy*, one module per part of the text (WLADCY_NOCY.md §3): each defines its rules in the
game's book (:data:`armata_rules.wladcy_nocy.book.RULES`), citing the lines it implements, and registers the
handlers of its frames. Importing this package imports none of its modules.
"""
