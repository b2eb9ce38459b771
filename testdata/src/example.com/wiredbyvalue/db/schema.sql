CREATE TABLE byvalue_orders (
    id     text PRIMARY KEY,
    status text NOT NULL,
    credit bigint NOT NULL DEFAULT 0
);

CREATE TABLE byvalue_markers (
    event_id text PRIMARY KEY
);
