"""Numbered schema migrations: MIGRATIONS[n - 1] takes the database from version n - 1 to n.

Append only. A released migration is never edited: the next change is a new entry,
so every database in the field reaches the same schema by the same steps.
Each script runs in one transaction together with its `schema_version` bump
(see `bot.store.db.migrate`).
"""

CORE = """
CREATE TABLE players (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    key           TEXT    NOT NULL,          -- str(user_id) for a person, 'bot:<level>' for a computer
    user_id       INTEGER,
    is_bot        INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    display_name  TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL,
    UNIQUE (guild_id, key),
    CHECK ((user_id IS NULL) = (is_bot = 1))
);

CREATE TABLE tables (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    host_id           INTEGER NOT NULL,
    variant           TEXT    NOT NULL,
    options           TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    seed              INTEGER,
    status            TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    language          TEXT    NOT NULL DEFAULT 'en',
    board_message_id  INTEGER,
    settings          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    snapshot          TEXT,
    snapshot_seq      INTEGER,
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL
);
-- One active table per channel.
CREATE UNIQUE INDEX tables_one_active_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_by_guild ON tables (guild_id, status);

CREATE TABLE seats (
    table_id      INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    user_id       INTEGER,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    display_name  TEXT    NOT NULL,
    is_bot        INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    bot_level     TEXT,
    away_strikes  INTEGER NOT NULL DEFAULT 0 CHECK (away_strikes >= 0),
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id),
    CHECK ((user_id IS NULL) = (is_bot = 1))
) WITHOUT ROWID;

CREATE TABLE actions (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    seat        INTEGER,
    user_id     INTEGER,
    action      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""

LEDGER = """
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    starting_balance  INTEGER NOT NULL DEFAULT 0,
    allow_negative    INTEGER NOT NULL DEFAULT 1 CHECK (allow_negative IN (0, 1)),
    updated_at        TEXT    NOT NULL
);

CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    player_id   INTEGER REFERENCES players (id),   -- NULL: the guild's house account
    balance     INTEGER NOT NULL DEFAULT 0,        -- cache of SUM(ledger_lines.amount), same transaction
    created_at  TEXT    NOT NULL,
    UNIQUE (guild_id, player_id)
);
CREATE UNIQUE INDEX accounts_one_house ON accounts (guild_id) WHERE player_id IS NULL;

-- A deal is settled exactly once.
CREATE TABLE settlements (
    game_id     INTEGER NOT NULL,
    deal_no     INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    table_id    INTEGER REFERENCES tables (id),
    settled_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, deal_no)
);

CREATE TABLE ledger_tx (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    reason      TEXT    NOT NULL CHECK (reason IN
                    ('meld', 'contract', 'set', 'slam', 'game', 'grant', 'adjust', 'opening')),
    detail      TEXT    NOT NULL DEFAULT '',
    memo        TEXT    NOT NULL DEFAULT '',
    actor_id    INTEGER,
    table_id    INTEGER,
    game_id     INTEGER,
    deal_no     INTEGER,
    created_at  TEXT    NOT NULL,
    FOREIGN KEY (game_id, deal_no) REFERENCES settlements (game_id, deal_no)
);
CREATE INDEX ledger_tx_by_guild ON ledger_tx (guild_id, id);
CREATE INDEX ledger_tx_by_deal ON ledger_tx (game_id, deal_no);

CREATE TABLE ledger_lines (
    tx_id       INTEGER NOT NULL REFERENCES ledger_tx (id),
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    amount      INTEGER NOT NULL CHECK (amount <> 0),
    PRIMARY KEY (tx_id, account_id)
) WITHOUT ROWID;
CREATE INDEX ledger_lines_by_account ON ledger_lines (account_id, tx_id);
"""

LEAGUE = """
CREATE TABLE seasons (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    started_at  TEXT    NOT NULL,
    ended_at    TEXT,
    UNIQUE (guild_id, name)
);
CREATE UNIQUE INDEX seasons_one_active ON seasons (guild_id) WHERE ended_at IS NULL;

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,              -- the game id the ledger refers to
    guild_id     INTEGER NOT NULL,
    table_id     INTEGER REFERENCES tables (id),
    variant      TEXT    NOT NULL,
    family       TEXT    NOT NULL
                 CHECK (family IN ('two-handed', 'three-handed', 'four-handed', 'partnership')),
    season_id    INTEGER REFERENCES seasons (id),
    finished_at  TEXT    NOT NULL
);
CREATE INDEX games_by_guild ON games (guild_id, finished_at);

CREATE TABLE game_players (
    game_id           INTEGER NOT NULL REFERENCES games (id),
    seat              INTEGER NOT NULL,
    player_id         INTEGER NOT NULL REFERENCES players (id),
    team              INTEGER NOT NULL,
    score             INTEGER NOT NULL,
    rank              INTEGER NOT NULL CHECK (rank >= 1),
    best_meld         TEXT,
    best_meld_points  INTEGER,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
) WITHOUT ROWID;
CREATE INDEX game_players_by_player ON game_players (player_id, game_id);

-- season_id 0 holds the all-time ratings.
CREATE TABLE ratings (
    guild_id        INTEGER NOT NULL,
    family          TEXT    NOT NULL,
    season_id       INTEGER NOT NULL,
    player_id       INTEGER NOT NULL REFERENCES players (id),
    mu              REAL    NOT NULL,
    sigma           REAL    NOT NULL,
    games           INTEGER NOT NULL,
    wins            INTEGER NOT NULL,
    points_for      INTEGER NOT NULL,
    points_against  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, family, season_id, player_id)
) WITHOUT ROWID;
"""

SETTINGS = """
-- Card pictures and the language of channel messages per server; computers
-- hidden from standings. language NULL: the server's Discord locale.
ALTER TABLE guild_settings ADD COLUMN images INTEGER NOT NULL DEFAULT 1 CHECK (images IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN language TEXT;
ALTER TABLE guild_settings ADD COLUMN hide_bots INTEGER NOT NULL DEFAULT 0 CHECK (hide_bots IN (0, 1));

-- A person's own choices, across servers; NULL: unset (the server's images, the client's language).
CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    images      INTEGER CHECK (images IN (0, 1)),
    language    TEXT,
    updated_at  TEXT    NOT NULL
);
"""

TABLE_LIFE = """
-- Where a server's tables live, when an empty table is closed, and the limits that keep one member
-- from tying up the bot; a person's turn pings (NULL: on).
ALTER TABLE guild_settings ADD COLUMN table_place TEXT NOT NULL DEFAULT 'thread'
    CHECK (table_place IN ('thread', 'channel'));
ALTER TABLE guild_settings ADD COLUMN abandon_minutes INTEGER NOT NULL DEFAULT 5;
ALTER TABLE guild_settings ADD COLUMN max_tables_member INTEGER NOT NULL DEFAULT 2;
ALTER TABLE guild_settings ADD COLUMN max_tables_server INTEGER NOT NULL DEFAULT 20;
ALTER TABLE guild_settings ADD COLUMN max_hard_seats INTEGER NOT NULL DEFAULT 1;
ALTER TABLE guild_settings ADD COLUMN new_cooldown INTEGER NOT NULL DEFAULT 30;
ALTER TABLE user_settings ADD COLUMN notify INTEGER CHECK (notify IN (0, 1));
"""

EVENTS = """
-- League nights. An event seats its entrants at tables round after round; each table is
-- an ordinary table (its game in `actions`), linked here; every deal's result per seat is kept for
-- the standings (matchpoints or points), and the final table once the event is over.
CREATE TABLE events (
    id                    INTEGER PRIMARY KEY,
    guild_id              INTEGER NOT NULL,
    channel_id            INTEGER NOT NULL,
    organiser_id          INTEGER NOT NULL,
    name                  TEXT    NOT NULL,
    variant               TEXT    NOT NULL,
    rounds                INTEGER NOT NULL CHECK (rounds >= 1),
    deals_per_round       INTEGER NOT NULL CHECK (deals_per_round >= 1),
    duplicate             INTEGER NOT NULL CHECK (duplicate IN (0, 1)),
    language              TEXT    NOT NULL DEFAULT 'en',
    seed                  INTEGER NOT NULL,
    round_seconds         REAL    NOT NULL CHECK (round_seconds > 0),
    turn_seconds          REAL    NOT NULL CHECK (turn_seconds >= 0),
    status                TEXT    NOT NULL
        CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    round                 INTEGER NOT NULL DEFAULT 0,  -- the round in play, or the last one played
    deadline              REAL,     -- the round's end (the service clock) while running
    time_left             REAL,     -- seconds left of the round while paused
    starts_at             REAL,     -- an automatic start (the service clock), while signing up
    standings_message_id  INTEGER,
    created_at            TEXT    NOT NULL,
    updated_at            TEXT    NOT NULL
);
CREATE UNIQUE INDEX events_open_name
    ON events (guild_id, name) WHERE status IN ('signup', 'running', 'paused');

CREATE TABLE event_entrants (
    event_id      INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    display_name  TEXT    NOT NULL,
    rating        REAL    NOT NULL,  -- the league rating at sign-up: round 1 seats by it
    dropped       INTEGER,           -- the round from which the entrant is out (NULL: in)
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (event_id, user_id)
);

CREATE TABLE event_tables (
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 1),
    table_no  INTEGER NOT NULL CHECK (table_no >= 0),
    table_id  INTEGER NOT NULL UNIQUE REFERENCES tables (id),
    done      INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    PRIMARY KEY (event_id, round, table_no)
);

CREATE TABLE event_scores (
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    deal      INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,           -- NULL: a computer filler
    score     INTEGER NOT NULL,
    PRIMARY KEY (event_id, round, table_no, deal, seat)
);

CREATE TABLE event_absences (
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    PRIMARY KEY (event_id, round, user_id)
);

CREATE TABLE event_results (
    event_id   INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    place      INTEGER NOT NULL CHECK (place >= 1),
    total      INTEGER NOT NULL,
    entrants   INTEGER NOT NULL,
    PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_results_by_player ON event_results (player_id);
"""

WEB = """
-- A server's web pages, off until its managers turn them on; the token generation
-- (the pages' links carry an HMAC of the guild id and this number: a rotation bumps it, so every
-- older link stops working).
ALTER TABLE guild_settings ADD COLUMN web INTEGER NOT NULL DEFAULT 0 CHECK (web IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN web_generation INTEGER NOT NULL DEFAULT 0
    CHECK (web_generation >= 0);

-- Each player's rating after each rated game (the player page's chart), all-time (season 0)
-- and in the game's season, written by record_game with the ratings themselves.
CREATE TABLE rating_history (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    season_id  INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    PRIMARY KEY (player_id, season_id, game_id)
) WITHOUT ROWID;
"""

EVENT_NAMES = """
-- An open event's name is unique per server under Unicode case folding ("Турнир" is "турнир"):
-- `name_key` holds `bot.store.events.name_key(name)`, which SQL cannot compute. Rows from before
-- get a key no name folds to (a space and the id), unique; the store compares their names itself.
ALTER TABLE events ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE events SET name_key = ' ' || id;
DROP INDEX events_open_name;
CREATE UNIQUE INDEX events_open_name
    ON events (guild_id, name_key) WHERE status IN ('signup', 'running', 'paused');

-- The standings may need several messages (2,000 characters each), all edited in place: their
-- ids, space-separated, in order.
ALTER TABLE events ADD COLUMN standings_messages TEXT NOT NULL DEFAULT '';
UPDATE events SET standings_messages = CAST(standings_message_id AS TEXT)
    WHERE standings_message_id IS NOT NULL;
ALTER TABLE events DROP COLUMN standings_message_id;
"""

FAIR = """
-- Fair dealing (bot.game.fair): the table's secret key, hex (NULL: a table dealt from its seed, made
-- before fair dealing), from which each deal's seed derives; and each deal's published fingerprint
-- with the players' salt words ({"seat": "word"}).
ALTER TABLE tables ADD COLUMN deal_key TEXT;
CREATE TABLE deal_commits (
    table_id     INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    deal         INTEGER NOT NULL CHECK (deal >= 1),
    fingerprint  TEXT    NOT NULL,
    salts        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(salts)),
    PRIMARY KEY (table_id, deal)
) WITHOUT ROWID;
"""

SETTINGS_COLUMNS = """
-- Fields SQL reads were keys of the `settings` JSON; now columns. `hint_seats`: the seats that asked
-- for a hint, as bits (seat s is 1 << s); `lease`: the process that drives the table (PostgreSQL's
-- fence, `bot.store.postgres`; NULL: unclaimed; SQLite never names one); `seat_deals`: a finished
-- game's per-seat deal summary (`bot.store.records.SeatDeals`).
ALTER TABLE tables ADD COLUMN hint_seats INTEGER NOT NULL DEFAULT 0 CHECK (hint_seats >= 0);
ALTER TABLE tables ADD COLUMN lease TEXT;
UPDATE tables SET
    hint_seats = (SELECT COALESCE(SUM(1 << value), 0) FROM json_each(tables.settings, '$.hints_used')),
    lease = json_extract(settings, '$.lease');
CREATE TABLE seat_deals (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    deals     INTEGER NOT NULL DEFAULT 0,
    meld      INTEGER NOT NULL DEFAULT 0,
    bids      INTEGER NOT NULL DEFAULT 0,
    made      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
INSERT INTO seat_deals (table_id, seat, deals, meld, bids, made)
    SELECT t.id, CAST(s.key AS INTEGER),
        COALESCE(json_extract(s.value, '$.deals'), 0), COALESCE(json_extract(s.value, '$.meld'), 0),
        COALESCE(json_extract(s.value, '$.bids'), 0), COALESCE(json_extract(s.value, '$.made'), 0)
    FROM tables AS t, json_each(t.settings, '$.deal_stats') AS s;
UPDATE tables SET settings = json_remove(settings, '$.hints_used', '$.deal_stats', '$.lease');
"""

NEW_FAMILIES = """
-- Two more league families, partnership auction and double-deck (issue 25): the CHECK on
-- games.family widens. SQLite cannot alter a CHECK, so the table is rebuilt (its steps run with
-- foreign keys off and checked before the commit, `bot.store.sqlite.migrate`).
CREATE TABLE games_new (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    table_id     INTEGER REFERENCES tables (id),
    variant      TEXT    NOT NULL,
    family       TEXT    NOT NULL
                 CHECK (family IN ('two-handed', 'three-handed', 'four-handed', 'partnership',
                                   'auction', 'double-deck')),
    season_id    INTEGER REFERENCES seasons (id),
    finished_at  TEXT    NOT NULL
);
INSERT INTO games_new (id, guild_id, table_id, variant, family, season_id, finished_at)
    SELECT id, guild_id, table_id, variant, family, season_id, finished_at FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_guild ON games (guild_id, finished_at);
"""

DEAL_INPUTS = """
-- Fair dealing's outside input (bot.game.fair), written as each deal is dealt: {"draw": the Discord
-- interaction id of the last click by a person before it (absent: none), "people": the seats
-- people held then (only their salts count)}.
ALTER TABLE deal_commits ADD COLUMN inputs TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(inputs));
"""

AUCTION_SOURCES = """
-- The auction games' defaults moved to their published sources (docs/rules.md §13, §14). A table
-- opened before keeps the rules it was opened with, so its games replay as they were played: the
-- double deck passed 4 cards and its declarer named any suit; the auction opened at 250. The
-- options these games and Check never played (now refused) changed nothing and are dropped.
UPDATE tables SET options = json_set(options, '$.pass_count', 4)
    WHERE variant = 'double-deck' AND json_type(options, '$.pass_count') IS NULL;
UPDATE tables SET options = json_set(options, '$.trump_requires_marriage', json('false'))
    WHERE variant = 'double-deck' AND json_type(options, '$.trump_requires_marriage') IS NULL;
UPDATE tables SET options = json_set(options, '$.min_bid', 250)
    WHERE variant = 'auction' AND json_type(options, '$.min_bid') IS NULL;
UPDATE tables SET options = json_remove(options, '$.tie_over_target', '$.declare_out',
    '$.running_tally_game_call', '$.draw_before_meld', '$.dix_exchange_mandatory',
    '$.winner_chooses_last_card', '$.twohand_head_rule', '$.renege_penalty_2h',
    '$.renege_penalty_3h', '$.pack64', '$.pack64_hand_size', '$.first_marriage_value',
    '$.b_no_trump_fallback', '$.turnup_dix_immediate', '$.three_hand_playon',
    '$.partnership_meld_timing', '$.meld_excludes_first_card', '$.meld_credit_unit',
    '$.bid_ladder', '$.save_meld_counters', '$.min_counters', '$.min_meld', '$.set_scoring',
    '$.dd_last_trick', '$.dd_multiple_values', '$.set_side_forfeits_meld_checks',
    '$.roundtrip_checks_additive', '$.double_meld_checks', '$.slam_defenders_eligible',
    '$.no_marriage_remedy_default')
    WHERE variant = 'auction';
UPDATE tables SET options = json_remove(options, '$.tie_over_target', '$.declare_out',
    '$.running_tally_game_call', '$.count_scheme', '$.round_card_points',
    '$.double_pinochle_value', '$.eight_queens_value', '$.eight_of_a_kind', '$.grand_pinochle',
    '$.roundhouse_bonus_points', '$.same_class_upgrades', '$.flush_includes_royal_bonus',
    '$.draw_before_meld', '$.dix_exchange_mandatory', '$.winner_chooses_last_card',
    '$.twohand_head_rule', '$.renege_penalty_2h', '$.renege_penalty_3h', '$.pack64',
    '$.pack64_hand_size', '$.first_marriage_value', '$.b_no_trump_fallback',
    '$.turnup_dix_immediate', '$.three_hand_playon', '$.partnership_meld_timing',
    '$.meld_excludes_first_card', '$.meld_credit_unit', '$.set_side_forfeits_meld_checks',
    '$.roundtrip_checks_additive', '$.double_meld_checks', '$.slam_defenders_eligible',
    '$.no_marriage_remedy_default')
    WHERE variant = 'double-deck';
UPDATE tables SET options = json_remove(options, '$.tie_over_target', '$.declare_out',
    '$.running_tally_game_call', '$.draw_before_meld', '$.dix_exchange_mandatory',
    '$.winner_chooses_last_card', '$.twohand_head_rule', '$.renege_penalty_2h',
    '$.renege_penalty_3h', '$.pack64', '$.pack64_hand_size', '$.first_marriage_value',
    '$.b_no_trump_fallback', '$.turnup_dix_immediate', '$.three_hand_playon',
    '$.partnership_meld_timing', '$.meld_excludes_first_card', '$.meld_credit_unit',
    '$.save_meld_counters', '$.min_counters', '$.min_meld', '$.set_scoring', '$.dd_last_trick',
    '$.dd_multiple_values')
    WHERE variant = 'check';
"""

UNPLAYED_OPTIONS = """
-- Every game now refuses the options it does not play (docs/rules.md G-14): a table opened
-- before may hold some; they never changed its games, so they are dropped. The auction games
-- lose the reuse rule of two-hand melding (M-4) and Check its honour-mode remedy (E-21).
UPDATE tables SET options = json_remove(options, '$.renege_penalty_2h', '$.renege_penalty_3h',
    '$.bid_increment', '$.min_bid', '$.bid_ladder', '$.bid_requires_marriage', '$.all_pass',
    '$.pass_count', '$.first_lead', '$.save_meld_counters', '$.min_counters', '$.min_meld',
    '$.set_scoring', '$.dd_last_trick', '$.shoot_the_moon', '$.only_bidder_goes_out',
    '$.dd_multiple_values', '$.trump_requires_marriage', '$.trump_without_marriage',
    '$.set_side_forfeits_meld_checks', '$.roundtrip_checks_additive', '$.double_meld_checks',
    '$.slam_defenders_eligible', '$.no_marriage_remedy_default')
    WHERE variant IN ('two-handed', 'two-handed-no-trump', 'three-handed', 'four-handed',
        'partnership');
UPDATE tables SET options = json_remove(options, '$.running_tally_game_call', '$.head_rule',
    '$.first_marriage_value', '$.b_no_trump_fallback', '$.turnup_dix_immediate',
    '$.three_hand_playon', '$.must_head_partner', '$.partnership_meld_timing',
    '$.meld_excludes_first_card', '$.meld_credit_unit')
    WHERE variant = 'two-handed';
UPDATE tables SET options = json_remove(options, '$.running_tally_game_call', '$.head_rule',
    '$.turnup_dix_immediate', '$.three_hand_playon', '$.must_head_partner',
    '$.partnership_meld_timing', '$.meld_excludes_first_card', '$.meld_credit_unit')
    WHERE variant = 'two-handed-no-trump';
UPDATE tables SET options = json_remove(options, '$.pack64', '$.pack64_hand_size',
    '$.first_marriage_value', '$.b_no_trump_fallback', '$.must_head_partner',
    '$.partnership_meld_timing', '$.meld_excludes_first_card', '$.meld_credit_unit')
    WHERE variant = 'three-handed';
UPDATE tables SET options = json_remove(options, '$.pack64', '$.pack64_hand_size',
    '$.first_marriage_value', '$.b_no_trump_fallback', '$.must_head_partner', '$.meld_credit_unit')
    WHERE variant = 'four-handed';
UPDATE tables SET options = json_remove(options, '$.declare_out', '$.same_class_upgrades',
    '$.draw_before_meld', '$.dix_exchange_mandatory', '$.winner_chooses_last_card',
    '$.twohand_head_rule', '$.pack64', '$.pack64_hand_size', '$.first_marriage_value',
    '$.b_no_trump_fallback', '$.three_hand_playon')
    WHERE variant = 'partnership';
UPDATE tables SET options = json_remove(options, '$.same_class_upgrades')
    WHERE variant = 'auction';
UPDATE tables SET options = json_remove(options, '$.same_class_upgrades',
    '$.no_marriage_remedy_default')
    WHERE variant = 'check';
"""

MIGRATIONS: list[str] = [
    CORE,
    LEDGER,
    LEAGUE,
    SETTINGS,
    TABLE_LIFE,
    EVENTS,
    WEB,
    EVENT_NAMES,
    FAIR,
    SETTINGS_COLUMNS,
    NEW_FAMILIES,
    DEAL_INPUTS,
    AUCTION_SOURCES,
    UNPLAYED_OPTIONS,
]
