CREATE TABLE readback_reversals (
    id        text PRIMARY KEY,
    payout_id text NOT NULL UNIQUE,
    status    text NOT NULL
);
