CREATE TABLE organizations (
    id               uuid PRIMARY KEY,
    name             text NOT NULL,
    callback_url     text NOT NULL DEFAULT '',
    contact_phone    text NOT NULL DEFAULT '',
    contact_email    text NOT NULL DEFAULT '',
    bank_account_ref text NOT NULL
);

CREATE TABLE grant_cycles (
    id        uuid        PRIMARY KEY,
    name      text        NOT NULL,
    opens_at  timestamptz NOT NULL,
    closes_at timestamptz NOT NULL
);

CREATE TABLE grant_applications (
    org_id          uuid        NOT NULL REFERENCES organizations (id),
    cycle_id        uuid        NOT NULL REFERENCES grant_cycles (id),
    requested_cents bigint      NOT NULL,
    summary         text        NOT NULL,
    status          text        NOT NULL,
    submitted_at    timestamptz NOT NULL,
    PRIMARY KEY (org_id, cycle_id)
);

CREATE TABLE fund_balances (
    fund_id         text   PRIMARY KEY,
    available_cents bigint NOT NULL CHECK (available_cents >= 0),
    reserved_cents  bigint NOT NULL DEFAULT 0
);

CREATE TABLE grants (
    id              uuid        PRIMARY KEY,
    org_id          uuid        NOT NULL REFERENCES organizations (id),
    cycle_id        uuid        NOT NULL REFERENCES grant_cycles (id),
    fund_id         text        NOT NULL REFERENCES fund_balances (fund_id),
    amount_cents    bigint      NOT NULL,
    tranches        int         NOT NULL DEFAULT 1,
    disbursed_cents bigint      NOT NULL DEFAULT 0,
    settled_cents   bigint      NOT NULL DEFAULT 0,
    returned_cents  bigint      NOT NULL DEFAULT 0,
    status          text        NOT NULL,
    approved_by     text,
    approved_at     timestamptz
);

CREATE TABLE fund_reservations (
    id           text    PRIMARY KEY,
    grant_id     uuid    NOT NULL REFERENCES grants (id),
    tranche      int     NOT NULL,
    fund_id      text    NOT NULL REFERENCES fund_balances (fund_id),
    amount_cents bigint  NOT NULL,
    consumed     boolean NOT NULL DEFAULT false,
    CONSTRAINT fund_reservations_grant_tranche_key UNIQUE (grant_id, tranche)
);

CREATE TABLE payouts (
    id               text        PRIMARY KEY,
    grant_id         uuid        NOT NULL REFERENCES grants (id),
    tranche          int         NOT NULL,
    amount_cents     bigint      NOT NULL,
    status           text        NOT NULL,
    bank_transfer_id text        UNIQUE,
    settled_at       timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payout_attempts (
    id           uuid        PRIMARY KEY,
    payout_id    text        NOT NULL REFERENCES payouts (id),
    attempt      int         NOT NULL,
    error        text,
    attempted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE disbursements (
    grant_id     uuid        NOT NULL REFERENCES grants (id),
    tranche      int         NOT NULL,
    payout_id    text        NOT NULL REFERENCES payouts (id),
    amount_cents bigint      NOT NULL,
    recorded_at  timestamptz NOT NULL,
    PRIMARY KEY (grant_id, tranche)
);

CREATE TABLE emergency_payouts (
    request_id       text        PRIMARY KEY,
    org_id           uuid        NOT NULL REFERENCES organizations (id),
    amount_cents     bigint      NOT NULL,
    status           text        NOT NULL,
    bank_transfer_id text,
    created_at       timestamptz NOT NULL DEFAULT now()
);
