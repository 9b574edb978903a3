"""The read-only web pages of a server's league, chips, finished games and league events.

`bot.web.app.create_app` builds the aiohttp app, `bot.web.server` runs it (beside
the bot when `WEB_PORT` is set, or alone: `python -m bot web`), and
`bot.web.tokens` makes and checks the links' tokens (the settings cog uses it
without loading the app).
"""
