CREATE TABLE reservations (
    id            UUID PRIMARY KEY,
    channel       TEXT        NOT NULL,
    channel_ref   TEXT        NOT NULL,
    property_id   TEXT        NOT NULL,
    room_type_id  TEXT        NOT NULL,
    check_in      DATE        NOT NULL,
    check_out     DATE        NOT NULL,
    guest_id      TEXT        NOT NULL DEFAULT '',
    guest_name    TEXT        NOT NULL,
    guest_email   TEXT        NOT NULL DEFAULT '',
    guest_phone   TEXT        NOT NULL DEFAULT '',
    total_minor   BIGINT      NOT NULL,
    currency      CHAR(3)     NOT NULL,
    status        TEXT        NOT NULL,
    version       INT         NOT NULL DEFAULT 1,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT reservations_channel_ref_key UNIQUE (channel, channel_ref)
);

CREATE INDEX reservations_noshow_idx ON reservations (status, check_in);

CREATE TABLE reservation_history (
    id             BIGSERIAL PRIMARY KEY,
    reservation_id UUID        NOT NULL REFERENCES reservations (id),
    change         TEXT        NOT NULL,
    detail         JSONB       NOT NULL DEFAULT '{}',
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
    scope        TEXT        NOT NULL,
    key          TEXT        NOT NULL,
    resource_id  TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at TIMESTAMPTZ,
    PRIMARY KEY (scope, key)
);

CREATE TABLE outbox (
    id           UUID PRIMARY KEY,
    routing_key  TEXT        NOT NULL,
    payload      JSONB       NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ
);

CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL;
