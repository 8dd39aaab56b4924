CREATE TABLE ardent_deck_ratings (
    deck_id TEXT NOT NULL REFERENCES ardent_decks (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    low DOUBLE PRECISION,
    high DOUBLE PRECISION,
    games BIGINT,
    bot TEXT,
    seed TEXT,
    gauntlet BIGINT NOT NULL,
    model BIGINT,
    rated_at BIGINT NOT NULL,
    PRIMARY KEY (deck_id, kind)
);
CREATE INDEX ardent_deck_ratings_kind_rating ON ardent_deck_ratings (kind, rating)
