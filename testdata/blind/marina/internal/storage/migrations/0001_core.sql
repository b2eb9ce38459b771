-- Core marina entities: berths, boaters, vessels and reservations.

CREATE TABLE berths (
    id                  TEXT PRIMARY KEY,
    pier                TEXT NOT NULL,
    length_m            NUMERIC(5,2) NOT NULL,
    beam_m              NUMERIC(5,2) NOT NULL,
    power_amps          INT NOT NULL DEFAULT 16,
    nightly_rate_cents  BIGINT NOT NULL,
    seasonal_rate_cents BIGINT NOT NULL,
    active              BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE boaters (
    id                 UUID PRIMARY KEY,
    full_name          TEXT NOT NULL,
    phone              TEXT NOT NULL,
    email              TEXT NOT NULL,
    stripe_customer_id TEXT,
    default_payment_method TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE vessels (
    id           UUID PRIMARY KEY,
    boater_id    UUID NOT NULL REFERENCES boaters(id),
    name         TEXT NOT NULL,
    registration TEXT NOT NULL UNIQUE,
    loa_m        NUMERIC(5,2) NOT NULL,
    beam_m       NUMERIC(5,2) NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE reservations (
    id               UUID PRIMARY KEY,
    berth_id         TEXT NOT NULL REFERENCES berths(id),
    vessel_id        UUID NOT NULL REFERENCES vessels(id),
    boater_id        UUID NOT NULL REFERENCES boaters(id),
    arrive_on        DATE NOT NULL,
    depart_on        DATE NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending',
    total_cents      BIGINT NOT NULL,
    deposit_cents    BIGINT NOT NULL,
    reminder_sent_at TIMESTAMPTZ,
    cancelled_at     TIMESTAMPTZ,
    cancel_reason    TEXT,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK (depart_on > arrive_on)
);

CREATE INDEX reservations_berth_dates ON reservations (berth_id, arrive_on, depart_on);
CREATE INDEX reservations_arrive_on ON reservations (arrive_on) WHERE status = 'confirmed';

-- A seasonal contract reserves a berth on a pier for the season; the
-- harbourmaster allocates the actual berth before the season opens.
CREATE TABLE seasonal_contracts (
    id           TEXT PRIMARY KEY,
    pier         TEXT NOT NULL,
    berth_id     TEXT REFERENCES berths(id),
    vessel_id    UUID NOT NULL REFERENCES vessels(id),
    boater_id    UUID NOT NULL REFERENCES boaters(id),
    season       INT NOT NULL,
    starts_on    DATE NOT NULL,
    ends_on      DATE NOT NULL,
    total_cents  BIGINT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'active',
    created_by   TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX seasonal_contracts_pier_season ON seasonal_contracts (pier, season);

CREATE TABLE contract_installments (
    id           UUID PRIMARY KEY,
    contract_id  TEXT NOT NULL REFERENCES seasonal_contracts(id),
    seq          INT NOT NULL,
    due_on       DATE NOT NULL,
    amount_cents BIGINT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'scheduled',
    payment_id   UUID,
    paid_at      TIMESTAMPTZ,
    UNIQUE (contract_id, seq)
);

CREATE TABLE idempotency_keys (
    scope         TEXT NOT NULL,
    key           TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    status_code   INT,
    response_body BYTEA,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
