CREATE TABLE ardent_decks (
    id TEXT PRIMARY KEY,
    serial BIGINT,
    recipe_version BIGINT,
    name TEXT NOT NULL,
    name_zh TEXT NOT NULL,
    cards TEXT NOT NULL UNIQUE,
    rarities TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (recipe_version, serial)
);
CREATE INDEX ardent_decks_name ON ardent_decks (name)
