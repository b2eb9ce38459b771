-- Metered usage reported by the datacenter.

CREATE TABLE usage_records (
    id                UUID PRIMARY KEY,
    server_id         UUID           NOT NULL REFERENCES servers (id),
    customer_id       UUID           NOT NULL REFERENCES customers (id),
    metric            TEXT           NOT NULL,
    quantity          NUMERIC(18, 6) NOT NULL,
    unit_cents        BIGINT         NOT NULL,
    window_start      TIMESTAMPTZ    NOT NULL,
    window_end        TIMESTAMPTZ    NOT NULL,
    source_record_id  TEXT,
    invoiced_at       TIMESTAMPTZ,
    created_at        TIMESTAMPTZ    NOT NULL DEFAULT now()
);

CREATE INDEX usage_records_unbilled_idx
    ON usage_records (customer_id, window_start) WHERE invoiced_at IS NULL;
CREATE INDEX usage_records_server_idx ON usage_records (server_id, window_start);

CREATE TABLE volume_usage (
    volume_id    UUID           NOT NULL REFERENCES volumes (id),
    hour         TIMESTAMPTZ    NOT NULL,
    customer_id  UUID           NOT NULL REFERENCES customers (id),
    gb_hours     NUMERIC(18, 6) NOT NULL,
    unit_cents   BIGINT         NOT NULL,
    invoiced_at  TIMESTAMPTZ,
    PRIMARY KEY (volume_id, hour)
);
