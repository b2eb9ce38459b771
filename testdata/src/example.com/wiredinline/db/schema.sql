CREATE TABLE inline_orders (
    id    TEXT PRIMARY KEY,
    total INT  NOT NULL
);

CREATE TABLE inline_events (
    event_id TEXT PRIMARY KEY
);
