CREATE TABLE lifts (
    id        text PRIMARY KEY,
    name      text NOT NULL,
    sector    text NOT NULL
);

CREATE TABLE gates (
    id                 text PRIMARY KEY,
    lift_id            text NOT NULL REFERENCES lifts (id),
    status             text NOT NULL DEFAULT 'unknown',
    firmware           text NOT NULL DEFAULT '',
    buffered_scans     integer NOT NULL DEFAULT 0,
    last_heartbeat_at  timestamptz
);

CREATE TABLE lift_closures (
    id            bigserial PRIMARY KEY,
    lift_id       text NOT NULL REFERENCES lifts (id),
    closure_date  date NOT NULL,
    reason        text NOT NULL,
    refund_pct    integer NOT NULL DEFAULT 100,
    declared_by   text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (lift_id, closure_date)
);

-- scan_id is assigned by the turnstile controller (gate id + local counter)
CREATE TABLE ride_scans (
    scan_id     text PRIMARY KEY,
    gate_id     text NOT NULL REFERENCES gates (id),
    pass_id     uuid REFERENCES passes (id),
    card_uid    text NOT NULL,
    decision    text NOT NULL,
    scanned_at  timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ride_days (
    pass_id          uuid NOT NULL REFERENCES passes (id),
    account_id       uuid NOT NULL REFERENCES accounts (id),
    ride_date        date NOT NULL,
    rides            integer NOT NULL DEFAULT 0,
    first_scan_at    timestamptz NOT NULL,
    loyalty_granted  boolean NOT NULL DEFAULT false,
    PRIMARY KEY (pass_id, ride_date)
);

CREATE TABLE loyalty_ledger (
    id          bigserial PRIMARY KEY,
    account_id  uuid NOT NULL REFERENCES accounts (id),
    entry_type  text NOT NULL,
    ride_date   date,
    points      integer NOT NULL,
    ref         text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX loyalty_ledger_ride_day_uq
    ON loyalty_ledger (account_id, ride_date)
    WHERE entry_type = 'ride_day';

CREATE TABLE loyalty_redemptions (
    id            uuid PRIMARY KEY,
    account_id    uuid NOT NULL REFERENCES accounts (id),
    reward_code   text NOT NULL,
    points        integer NOT NULL,
    voucher_code  text NOT NULL UNIQUE,
    created_at    timestamptz NOT NULL DEFAULT now()
);
