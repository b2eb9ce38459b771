-- 0003: storage usage metering for photographer plans.
CREATE TABLE usage_records (
    id              TEXT PRIMARY KEY,
    photographer_id TEXT NOT NULL REFERENCES photographers(id),
    photo_id        TEXT NOT NULL,
    variant         TEXT NOT NULL,
    bytes           BIGINT NOT NULL,
    recorded_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX usage_records_photographer_idx ON usage_records (photographer_id, recorded_at);
