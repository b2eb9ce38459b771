CREATE TABLE claims (
    id                   uuid PRIMARY KEY,
    trip_id              uuid        NOT NULL UNIQUE REFERENCES trips (id),
    claim_number         text        NOT NULL UNIQUE,
    insurer_id           text        NOT NULL,
    billed_cents         bigint      NOT NULL,
    allowed_cents        bigint,
    patient_resp_cents   bigint,
    paid_cents           bigint      NOT NULL DEFAULT 0,
    partner_claim_id     text,
    status               text        NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
    id            text PRIMARY KEY,
    trip_id       uuid        NOT NULL REFERENCES trips (id),
    clinic_id     uuid        NOT NULL REFERENCES clinics (id),
    kind          text        NOT NULL,
    amount_cents  bigint      NOT NULL,
    memo          text,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_entries_trip_idx ON ledger_entries (trip_id);

CREATE TABLE insurer_callbacks (
    callback_id   text PRIMARY KEY,
    kind          text        NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payout_batches (
    id            uuid PRIMARY KEY,
    period_start  date        NOT NULL UNIQUE,
    period_end    date        NOT NULL,
    run_count     integer     NOT NULL DEFAULT 1,
    started_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id                    uuid PRIMARY KEY,
    batch_id              uuid        NOT NULL REFERENCES payout_batches (id),
    driver_id             uuid        NOT NULL REFERENCES drivers (id),
    amount_cents          bigint      NOT NULL,
    miles                 integer     NOT NULL,
    provider_transfer_id  text        NOT NULL,
    created_at            timestamptz NOT NULL DEFAULT now()
);
