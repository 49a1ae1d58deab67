"""Club evenings and tournaments (TOURNAMENT.md): players, the draw, each table's Passe, the ranking."""
