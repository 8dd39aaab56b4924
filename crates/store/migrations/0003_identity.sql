ALTER TABLE accounts ADD COLUMN name_key TEXT;
UPDATE accounts SET name_key = LOWER(name);
CREATE UNIQUE INDEX accounts_name_ci ON accounts (name_key);
DELETE FROM sessions WHERE account_id IS NULL;
ALTER TABLE sessions ADD COLUMN guest_id TEXT;
ALTER TABLE sessions ADD COLUMN name_key TEXT;
CREATE INDEX sessions_name_ci ON sessions (name_key);
CREATE INDEX sessions_guest_id ON sessions (guest_id);
ALTER TABLE seats ADD COLUMN guest_id TEXT;
CREATE INDEX seats_guest_id ON seats (guest_id);
ALTER TABLE tables ADD COLUMN creator_id TEXT;
ALTER TABLE tables ADD COLUMN dev_settings BIGINT NOT NULL DEFAULT 0;
UPDATE tables SET creator_id = (SELECT a.id FROM accounts a WHERE a.name = tables.created_by);
ALTER TABLE decks ADD COLUMN owner TEXT;
ALTER TABLE decks ADD COLUMN shared BIGINT NOT NULL DEFAULT 0;
UPDATE decks SET owner = owner_id;
ALTER TABLE ardent_decks ADD COLUMN owner TEXT;
ALTER TABLE ardent_decks ADD COLUMN shared BIGINT NOT NULL DEFAULT 1
