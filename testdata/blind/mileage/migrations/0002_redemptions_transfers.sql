-- 0002: award redemptions and hotel transfers

CREATE TABLE redemptions (
    id             uuid PRIMARY KEY,
    member_id      uuid        NOT NULL REFERENCES members (id),
    request_key    text        NOT NULL,
    kind           text        NOT NULL,            -- award | upgrade
    offer_code     text        NOT NULL,
    origin         char(3),
    destination    char(3),
    flight_date    date,
    cabin          text        NOT NULL,
    passengers     jsonb       NOT NULL DEFAULT '[]',
    pnr            text,
    segment_ref    text,
    provider_ref   text,
    miles          bigint      NOT NULL,
    status         text        NOT NULL DEFAULT 'requested',
    failure_reason text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX redemptions_request_key ON redemptions (member_id, request_key);
CREATE INDEX redemptions_pnr_idx ON redemptions (pnr);

CREATE TABLE reservation_events (
    event_id     text PRIMARY KEY,
    pnr          text        NOT NULL,
    event_type   text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mile_transfers (
    id                 uuid PRIMARY KEY,
    member_id          uuid        NOT NULL REFERENCES members (id),
    client_key         text        NOT NULL,
    partner_code       text        NOT NULL,
    partner_member_id  text        NOT NULL,
    miles              bigint      NOT NULL,
    partner_points     bigint      NOT NULL,
    status             text        NOT NULL DEFAULT 'pending',
    partner_txn_ref    text,
    reversal_ref       text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX mile_transfers_client_key ON mile_transfers (member_id, client_key);
