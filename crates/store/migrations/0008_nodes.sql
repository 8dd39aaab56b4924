-- Server nodes (docs/deploy.md "Several server nodes"): which node owns each live table, until
-- when (Unix ms, renewed by the heartbeats of the owner), and the id the client gave each stored action
-- (a retried action applies once, across a failover too).
CREATE TABLE table_leases (
    table_id TEXT PRIMARY KEY,
    node_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX table_leases_node ON table_leases (node_id);
ALTER TABLE actions ADD COLUMN client_id TEXT
