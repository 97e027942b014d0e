"""The bot's load benchmark (`python -m loadbench`), a development tool beside the runtime.

It sits on top of `bot` as `playground` does (it drives the real bot under SimCord, a `dev`
dependency), so the runtime package carries no benchmark and the wheel ships none: run it from
a checkout with the `dev` extra installed.
"""
