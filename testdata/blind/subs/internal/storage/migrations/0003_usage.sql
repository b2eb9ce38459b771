-- 0003: usage metering

CREATE TABLE usage_records (
    id               TEXT PRIMARY KEY,
    subscription_id  TEXT        NOT NULL REFERENCES subscriptions (id),
    metric           TEXT        NOT NULL,
    quantity         BIGINT      NOT NULL,
    source           TEXT        NOT NULL,   -- stream | api
    dedup_key        TEXT,
    occurred_at      TIMESTAMPTZ NOT NULL,
    ingested_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX usage_records_dedup_key ON usage_records (subscription_id, dedup_key) WHERE dedup_key IS NOT NULL;
CREATE INDEX usage_records_period_idx ON usage_records (subscription_id, metric, occurred_at);

CREATE TABLE usage_alerts (
    subscription_id  TEXT        NOT NULL REFERENCES subscriptions (id),
    metric           TEXT        NOT NULL,
    period_start     TIMESTAMPTZ NOT NULL,
    threshold_pct    INT         NOT NULL,
    sent_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (subscription_id, metric, period_start, threshold_pct)
);
