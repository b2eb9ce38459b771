-- The refunds' tables. entries is kept by another service's schema,
-- which this module does not have.
CREATE TABLE instalment_refunds (
    id         text PRIMARY KEY,
    instalment text NOT NULL,
    cents      bigint NOT NULL
);

CREATE TABLE instalment_notes (
    id     text PRIMARY KEY,
    refund text NOT NULL
);
