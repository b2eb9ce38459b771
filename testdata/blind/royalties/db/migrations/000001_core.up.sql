CREATE TABLE distributors (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    partner_api_url TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE artists (
    id                  TEXT PRIMARY KEY,
    distributor_id      TEXT NOT NULL REFERENCES distributors (id),
    external_artist_id  TEXT NOT NULL,
    display_name        TEXT NOT NULL,
    email               TEXT NOT NULL,
    stripe_account_id   TEXT,
    payout_currency     TEXT NOT NULL DEFAULT 'usd',
    payout_schedule     TEXT NOT NULL DEFAULT 'monthly',
    min_payout_cents    BIGINT NOT NULL DEFAULT 1000,
    status              TEXT NOT NULL DEFAULT 'active',
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT artists_distributor_external_key UNIQUE (distributor_id, external_artist_id)
);

CREATE TABLE tracks (
    isrc              TEXT PRIMARY KEY,
    title             TEXT NOT NULL,
    primary_artist_id TEXT REFERENCES artists (id),
    rate_micros       BIGINT NOT NULL DEFAULT 3500,
    version           BIGINT NOT NULL DEFAULT 0,
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE royalty_splits (
    track_isrc  TEXT NOT NULL REFERENCES tracks (isrc),
    artist_id   TEXT NOT NULL REFERENCES artists (id),
    share_bps   INTEGER NOT NULL CHECK (share_bps > 0 AND share_bps <= 10000),
    created_by  TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (track_isrc, artist_id)
);
