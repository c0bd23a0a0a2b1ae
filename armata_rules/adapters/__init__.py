"""The game in the interfaces of learning and game-AI libraries.

Each adapter is its own module and imports its library only there, so this package costs nothing without them:

- :mod:`armata_rules.adapters.pettingzoo_env`: a PettingZoo AEC environment (the seats are the agents) and a
  parallel one (extra ``[pettingzoo]``);
- :mod:`armata_rules.adapters.gymnasium_env`: one seat as a Gymnasium environment, the others played by a bot
  (extra ``[gymnasium]``), and :mod:`armata_rules.adapters.gymnasium_vector`: many such games as one Gymnasium
  vector environment;
- :mod:`armata_rules.adapters.openspiel_game`: an OpenSpiel Python game (extra ``[openspiel]``).

They share :mod:`armata_rules.adapters.table` (the game a table plays, rewards and rendering), the numbering of
:mod:`armata_rules.encoding`, the observation bounds of :mod:`armata_rules.adapters.bounds` and the texts of
:mod:`armata_rules.adapters.describe`. :mod:`armata_rules.adapters.baselines` measures what a learning agent has to
beat (``make baselines``).
"""
