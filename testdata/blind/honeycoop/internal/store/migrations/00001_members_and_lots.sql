-- +goose Up
-- +goose StatementBegin
CREATE TABLE members (
    id                TEXT PRIMARY KEY,
    name              TEXT        NOT NULL,
    email             TEXT        NOT NULL,
    phone             TEXT        NOT NULL DEFAULT '',
    payout_account_id TEXT        NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE lots (
    id              TEXT PRIMARY KEY,
    member_id       TEXT        NOT NULL REFERENCES members (id),
    intake_ticket   TEXT        NOT NULL,
    apiary_code     TEXT        NOT NULL,
    floral_source   TEXT        NOT NULL DEFAULT '',
    container_count INTEGER     NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'received',
    net_grams       BIGINT      NOT NULL DEFAULT 0,
    tare_grams      BIGINT      NOT NULL DEFAULT 0,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT lots_member_ticket_key UNIQUE (member_id, intake_ticket)
);

CREATE TABLE weigh_tickets (
    id          TEXT PRIMARY KEY,
    lot_id      TEXT        NOT NULL REFERENCES lots (id),
    scale_id    TEXT        NOT NULL,
    gross_grams BIGINT      NOT NULL,
    tare_grams  BIGINT      NOT NULL,
    read_at     TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX weigh_tickets_lot_idx ON weigh_tickets (lot_id);

CREATE TABLE lot_grades (
    lot_id             TEXT PRIMARY KEY REFERENCES lots (id),
    grade              TEXT          NOT NULL,
    moisture_pct       NUMERIC(4, 1) NOT NULL,
    price_cents_per_kg BIGINT        NOT NULL,
    grader             TEXT          NOT NULL,
    graded_at          TIMESTAMPTZ   NOT NULL
);

CREATE TABLE lot_rejections (
    lot_id      TEXT PRIMARY KEY REFERENCES lots (id),
    reason      TEXT        NOT NULL,
    inspector   TEXT        NOT NULL,
    rejected_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE member_ledger (
    id           TEXT PRIMARY KEY,
    member_id    TEXT        NOT NULL REFERENCES members (id),
    lot_id       TEXT        REFERENCES lots (id),
    kind         TEXT        NOT NULL,
    amount_cents BIGINT      NOT NULL,
    memo         TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX member_ledger_member_idx ON member_ledger (member_id, created_at);

CREATE TABLE processed_events (
    event_id     TEXT PRIMARY KEY,
    topic        TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- +goose StatementEnd

-- +goose Down
DROP TABLE processed_events;
DROP TABLE member_ledger;
DROP TABLE lot_rejections;
DROP TABLE lot_grades;
DROP TABLE weigh_tickets;
DROP TABLE lots;
DROP TABLE members;
