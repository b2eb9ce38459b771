-- Artists, stores and the release catalogue.

CREATE TABLE artists (
    id                      UUID PRIMARY KEY,
    name                    TEXT        NOT NULL,
    email                   TEXT        NOT NULL,
    country                 CHAR(2)     NOT NULL,
    payrail_recipient_id    TEXT,
    tax_status              TEXT        NOT NULL DEFAULT 'missing',
    payout_threshold_micros BIGINT      NOT NULL DEFAULT 20000000,
    created_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at              TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX artists_email_key ON artists (lower(email));

CREATE TABLE stores (
    id              TEXT PRIMARY KEY,
    name            TEXT    NOT NULL,
    api_token_hash  TEXT    NOT NULL,
    fee_bps         INT     NOT NULL DEFAULT 0,
    active          BOOLEAN NOT NULL DEFAULT true
);

CREATE TABLE releases (
    id         UUID PRIMARY KEY,
    artist_id  UUID        NOT NULL REFERENCES artists (id),
    upc        TEXT        NOT NULL UNIQUE,
    title      TEXT        NOT NULL,
    released_on DATE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE tracks (
    id         UUID PRIMARY KEY,
    release_id UUID NOT NULL REFERENCES releases (id),
    isrc       TEXT NOT NULL UNIQUE,
    title      TEXT NOT NULL
);

CREATE TABLE release_splits (
    release_id UUID        NOT NULL REFERENCES releases (id),
    artist_id  UUID        NOT NULL REFERENCES artists (id),
    role       TEXT        NOT NULL,
    share_bps  INT         NOT NULL CHECK (share_bps > 0 AND share_bps <= 10000),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (release_id, artist_id)
);
