"""Learning frameworks for any game on the kernel: a PettingZoo environment
(:mod:`~armata_rules.kernel.adapters.pettingzoo_env`), a Gymnasium environment
(:mod:`~armata_rules.kernel.adapters.gymnasium_env`) and an OpenSpiel game
(:mod:`~armata_rules.kernel.adapters.openspiel_game`), each built from a
:class:`~armata_rules.kernel.play.game.GameDefinition` and its setup arguments, and what they share
(:mod:`~armata_rules.kernel.adapters.table`).

A game gets all three by defining the learning hooks of its definition: ``setup`` and ``setup_json``, ``seat_count``,
``observe``, ``observation_codec``, ``action_space`` and ``returns``, and optionally ``observation_bounds``,
``perfect_information`` and ``payoffs``. Each module imports its framework (the extras ``[pettingzoo]``,
``[gymnasium]``, ``[openspiel]``); this package imports none.
"""
