-- +migrate Up

CREATE TABLE free_bets (
    award_id     TEXT PRIMARY KEY,
    player_id    TEXT NOT NULL REFERENCES players(id),
    campaign_id  TEXT NOT NULL,
    amount       BIGINT NOT NULL CHECK (amount > 0),
    status       TEXT NOT NULL DEFAULT 'available'
                 CHECK (status IN ('available', 'used', 'expired', 'revoked')),
    used_bet_id  TEXT,
    expires_at   TIMESTAMPTZ NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX free_bets_player_idx ON free_bets (player_id) WHERE status = 'available';

CREATE TABLE bonuses (
    id                 TEXT PRIMARY KEY,
    player_id          TEXT NOT NULL REFERENCES players(id),
    kind               TEXT NOT NULL CHECK (kind IN ('welcome', 'deposit_match', 'reload')),
    amount             BIGINT NOT NULL CHECK (amount > 0),
    remaining          BIGINT NOT NULL,
    wagering_required  BIGINT NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'active'
                       CHECK (status IN ('active', 'completed', 'expired', 'revoked')),
    campaign_id        TEXT,
    source_ref         TEXT,
    expires_at         TIMESTAMPTZ NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX bonuses_welcome_once ON bonuses (player_id) WHERE kind = 'welcome';
CREATE INDEX bonuses_expiry_idx ON bonuses (expires_at) WHERE status = 'active';

CREATE TABLE rg_limits (
    player_id       TEXT NOT NULL REFERENCES players(id),
    limit_type      TEXT NOT NULL CHECK (limit_type IN ('deposit', 'loss', 'stake')),
    period          TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
    amount          BIGINT NOT NULL CHECK (amount > 0),
    pending_amount  BIGINT,
    pending_from    TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (player_id, limit_type, period)
);

CREATE INDEX rg_limits_pending_idx ON rg_limits (pending_from) WHERE pending_amount IS NOT NULL;

CREATE TABLE self_exclusions (
    player_id   TEXT PRIMARY KEY REFERENCES players(id),
    until       TIMESTAMPTZ NOT NULL,
    reason      TEXT,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- +migrate Down
DROP TABLE self_exclusions;
DROP TABLE rg_limits;
DROP TABLE bonuses;
DROP TABLE free_bets;
