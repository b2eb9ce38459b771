-- +migrate Up

CREATE TABLE markets (
    id                 TEXT PRIMARY KEY,
    event_id           TEXT NOT NULL,
    name               TEXT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'open'
                       CHECK (status IN ('open', 'suspended', 'settled', 'void')),
    winning_selection  TEXT,
    result_seq         BIGINT NOT NULL DEFAULT 0,
    starts_at          TIMESTAMPTZ NOT NULL,
    settled_at         TIMESTAMPTZ
);

CREATE INDEX markets_event_idx ON markets (event_id);

CREATE TABLE odds (
    market_id     TEXT NOT NULL REFERENCES markets(id),
    selection_id  TEXT NOT NULL,
    price_milli   BIGINT NOT NULL CHECK (price_milli > 1000),
    feed_seq      BIGINT NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (market_id, selection_id)
);

CREATE TABLE bets (
    id                TEXT PRIMARY KEY,
    player_id         TEXT NOT NULL REFERENCES players(id),
    request_id        TEXT NOT NULL,
    event_id          TEXT NOT NULL,
    market_id         TEXT NOT NULL REFERENCES markets(id),
    selection_id      TEXT NOT NULL,
    price_milli       BIGINT NOT NULL,
    stake             BIGINT NOT NULL CHECK (stake > 0),
    stake_pocket      TEXT NOT NULL CHECK (stake_pocket IN ('cash', 'bonus', 'freebet')),
    free_bet_id       TEXT,
    potential_payout  BIGINT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'open'
                      CHECK (status IN ('open', 'won', 'lost', 'void', 'cashed_out', 'cancelled')),
    payout            BIGINT NOT NULL DEFAULT 0,
    placed_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    settled_at        TIMESTAMPTZ,
    CONSTRAINT bets_player_request_uniq UNIQUE (player_id, request_id)
);

CREATE INDEX bets_market_open_idx ON bets (market_id) WHERE status = 'open';
CREATE INDEX bets_event_idx ON bets (event_id);

CREATE TABLE bet_resettlements (
    id               TEXT PRIMARY KEY,
    bet_id           TEXT NOT NULL REFERENCES bets(id),
    correction_id    TEXT NOT NULL,
    previous_status  TEXT NOT NULL,
    new_status       TEXT NOT NULL,
    delta            BIGINT NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX bet_resettlements_bet_idx ON bet_resettlements (bet_id);

-- +migrate Down
DROP TABLE bet_resettlements;
DROP TABLE bets;
DROP TABLE odds;
DROP TABLE markets;
