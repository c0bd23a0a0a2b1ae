"""The content of *Władcy Nocy* as labelled data: what the rulebook prints, each value cited, and what it does not
print, marked unknown with the line that shows it exists.

:mod:`~armata_rules.wladcy_nocy.content.ops` is the effect vocabulary, :mod:`~armata_rules.wladcy_nocy.content.schema`
the file format and :mod:`~armata_rules.wladcy_nocy.content.loader` reads, merges and checks content files. The
bundled files are ``data/printed.toml`` (the text's facts) and ``data/synthetic_test.toml`` (an artificial pack for
tests, never for balance figures).
"""
