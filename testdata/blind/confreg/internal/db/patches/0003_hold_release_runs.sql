-- One row per nightly hold release so ops can see what the sweep did.
CREATE TABLE IF NOT EXISTS hold_release_runs (
    run_date         date PRIMARY KEY,
    started_at       timestamptz NOT NULL,
    finished_at      timestamptz,
    orders_released  integer NOT NULL DEFAULT 0
);
