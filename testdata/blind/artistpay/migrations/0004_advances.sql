-- Advances paid ahead of earnings, and how they are recouped.

CREATE TABLE advances (
    id                 TEXT PRIMARY KEY,
    artist_id          UUID        NOT NULL REFERENCES artists (id),
    amount_micros      BIGINT      NOT NULL CHECK (amount_micros > 0),
    outstanding_micros BIGINT      NOT NULL,
    currency           CHAR(3)     NOT NULL DEFAULT 'USD',
    recoup_rate_bps    INT         NOT NULL DEFAULT 10000,
    status             TEXT        NOT NULL DEFAULT 'approved',
    note               TEXT,
    granted_by         TEXT        NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    disbursed_at       TIMESTAMPTZ
);
CREATE INDEX advances_artist_status ON advances (artist_id, status);

CREATE TABLE recoupment_plans (
    id            UUID PRIMARY KEY,
    advance_id    TEXT        NOT NULL UNIQUE REFERENCES advances (id),
    artist_id     UUID        NOT NULL REFERENCES artists (id),
    rate_bps      INT         NOT NULL,
    starts_period TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE recoupment_applications (
    advance_id    TEXT        NOT NULL REFERENCES advances (id),
    allocation_id TEXT        NOT NULL,
    period        TEXT        NOT NULL,
    amount_micros BIGINT      NOT NULL,
    applied_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (advance_id, allocation_id)
);
