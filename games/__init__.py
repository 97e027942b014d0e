"""Pure game engines: no Discord, no asyncio, no I/O, no clock.

Every engine is deterministic given its seed and action log, so the bot can rebuild any game and
a simulator or test can drive it without Discord installed.
"""
