CREATE TABLE memberships (
    id               UUID PRIMARY KEY,
    member_number    BIGSERIAL UNIQUE,
    email            TEXT NOT NULL,
    full_name        TEXT NOT NULL,
    tier             TEXT NOT NULL,
    status           TEXT NOT NULL,
    auto_renew       BOOLEAN NOT NULL DEFAULT true,
    period           INTEGER NOT NULL DEFAULT 1,
    starts_at        TIMESTAMPTZ NOT NULL,
    expires_at       TIMESTAMPTZ NOT NULL,
    shopper_ref      TEXT NOT NULL,
    recurring_token  TEXT,
    address_line1    TEXT NOT NULL,
    address_city     TEXT NOT NULL,
    address_postcode TEXT NOT NULL,
    address_country  CHAR(2) NOT NULL,
    created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX memberships_expiry_idx ON memberships (expires_at) WHERE status = 'active';

CREATE TABLE membership_renewals (
    membership_id  UUID NOT NULL REFERENCES memberships(id),
    period         INTEGER NOT NULL,
    amount_minor   BIGINT NOT NULL,
    currency       CHAR(3) NOT NULL,
    psp_reference  TEXT NOT NULL,
    renewed_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (membership_id, period)
);

CREATE TABLE membership_cards (
    membership_id  UUID NOT NULL REFERENCES memberships(id),
    period         INTEGER NOT NULL,
    print_job_id   TEXT NOT NULL,
    requested_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (membership_id, period)
);

CREATE TABLE welcome_packs (
    membership_id          UUID PRIMARY KEY REFERENCES memberships(id),
    partner_order_id       TEXT NOT NULL,
    client_reference       TEXT NOT NULL,
    created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);
