"""League nights: rounds of tables for a league event, run over the table service.

`runner.EventRunner` opens each round's tables (duplicate deals or their own), follows them
through a table-service hook and closes the round; `results` stores each deal's scores and
rates the games. The pure parts (seating, Swiss pairing, matchpoints, standings) are
`bot.events`; the Discord side (threads, notices) is `cogs`.
"""
