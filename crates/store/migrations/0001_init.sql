CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,
    guest_name TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE TABLE decks (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    owner_id TEXT REFERENCES accounts(id) ON DELETE SET NULL,
    data TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX decks_game ON decks (game);
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    setup TEXT,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    clock_secs BIGINT,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX tables_status ON tables (status);
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat_index BIGINT NOT NULL,
    kind TEXT NOT NULL,
    player_name TEXT,
    account_id TEXT,
    bot_spec TEXT,
    token TEXT,
    PRIMARY KEY (table_id, seat_index)
);
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    notation TEXT NOT NULL,
    seat BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
)
