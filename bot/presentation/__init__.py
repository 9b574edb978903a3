"""Presentation: the table service's outcomes, boards and game records put into words.

The Discord layer (`cogs`), the terminal (`bot.terminal`) and the web read the service's
answers (`Outcome`s of catalog `Text`s, tables, records) and say them through here, in the
reader's language: `texts` (boards, outcomes, refusals), `record_text` (a finished deal told line
by line: reviews and replays) and `typed` (a move as a person types it, in either language).
Nothing here changes a table.
"""
