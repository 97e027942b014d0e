"""The Game: a cooperative card game where the players must not talk about card values."""
