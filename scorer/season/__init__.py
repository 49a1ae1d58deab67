"""A club's season (SEASON.md): series of events added up under the club's options.

A series is an append-only log (``log``): the options in force, the events it counts, the
players the office merged, split or set apart as guests. Its players are the events' players
matched by name across evenings (``register``); its standing is the engine's
``score_series`` answer over the events' own rankings as every reader is shown them
(``standing``): a held-back ranking stays held back here too.
"""
