"""The texts a game's rules cite, and the tools that read them, for any game: its :mod:`~.textset` and
:mod:`~.files`; reading a scan (:mod:`~.scan`, :mod:`~.repeats`) and finding it in the text (:mod:`~.locate`);
sentences and their facts (:mod:`~.text`) by the lexicons (:mod:`~.lexicon`, data under ``lexicons/``); the clause
corpus and its alignment (:mod:`~.corpus`, :mod:`~.align`); a recorded review of the texts (:mod:`~.verdicts`,
:mod:`~.verdict_ids`); the findings on the corpus, from what a game supplies (:mod:`~.finder`).

Importing this package imports none of its modules.
"""
