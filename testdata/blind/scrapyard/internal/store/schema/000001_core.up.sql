CREATE TABLE yards (
    id                 TEXT PRIMARY KEY,
    name               TEXT NOT NULL,
    state              CHAR(2) NOT NULL,
    regulator_license  TEXT NOT NULL,
    timezone           TEXT NOT NULL DEFAULT 'America/Chicago',
    active             BOOLEAN NOT NULL DEFAULT TRUE,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE sellers (
    id                 UUID PRIMARY KEY,
    yard_id            TEXT NOT NULL REFERENCES yards(id),
    first_name         TEXT NOT NULL,
    last_name          TEXT NOT NULL,
    phone              TEXT NOT NULL DEFAULT '',
    id_doc_type        TEXT NOT NULL CHECK (id_doc_type IN ('drivers_license', 'state_id', 'passport', 'military_id')),
    id_doc_state       TEXT NOT NULL DEFAULT '',
    id_doc_hash        TEXT NOT NULL,
    id_doc_expires_on  DATE NOT NULL,
    verified_at        TIMESTAMPTZ,
    ach_recipient_id   TEXT,
    ach_last4          TEXT,
    deleted_at         TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One live seller record per identity document.
CREATE UNIQUE INDEX sellers_id_doc_live_uq
    ON sellers (id_doc_type, id_doc_state, id_doc_hash)
    WHERE deleted_at IS NULL;

-- Every check we run against the ID verification provider is kept, pass or
-- fail; the state audit asks for the full history.
CREATE TABLE seller_verifications (
    id            UUID PRIMARY KEY,
    seller_id     UUID NOT NULL REFERENCES sellers(id),
    provider_ref  TEXT NOT NULL DEFAULT '',
    outcome       TEXT NOT NULL,
    reason        TEXT NOT NULL DEFAULT '',
    checked_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX seller_verifications_seller_idx ON seller_verifications (seller_id, checked_at DESC);

CREATE SEQUENCE weigh_ticket_no_seq START 100000;

CREATE TABLE weigh_tickets (
    id                  TEXT PRIMARY KEY,
    yard_id             TEXT NOT NULL REFERENCES yards(id),
    ticket_no           BIGINT NOT NULL DEFAULT nextval('weigh_ticket_no_seq'),
    seller_id           UUID NOT NULL REFERENCES sellers(id),
    scale_id            TEXT NOT NULL,
    material_code       TEXT NOT NULL,
    vehicle_plate       TEXT NOT NULL DEFAULT '',
    gross_lb            INTEGER NOT NULL CHECK (gross_lb > 0),
    tare_lb             INTEGER,
    net_lb              INTEGER,
    price_per_lb_mills  INTEGER,
    amount_cents        BIGINT,
    status              TEXT NOT NULL DEFAULT 'open'
                        CHECK (status IN ('open', 'weighed', 'paid', 'void')),
    void_reason         TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    weighed_at          TIMESTAMPTZ,
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (yard_id, ticket_no)
);
CREATE INDEX weigh_tickets_seller_idx ON weigh_tickets (seller_id, created_at DESC);

CREATE TABLE material_prices (
    yard_id         TEXT NOT NULL REFERENCES yards(id),
    material_code   TEXT NOT NULL,
    price_per_lb_mills INTEGER NOT NULL CHECK (price_per_lb_mills >= 0),
    effective_from  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (yard_id, material_code, effective_from)
);

CREATE TABLE yard_inventory (
    yard_id        TEXT NOT NULL REFERENCES yards(id),
    material_code  TEXT NOT NULL,
    on_hand_lb     BIGINT NOT NULL DEFAULT 0,
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (yard_id, material_code)
);

-- Law-enforcement holds: material must stay on the yard until released.
CREATE TABLE material_holds (
    id             UUID PRIMARY KEY,
    ticket_id      TEXT NOT NULL REFERENCES weigh_tickets(id),
    agency         TEXT NOT NULL,
    case_number    TEXT NOT NULL,
    officer_badge  TEXT NOT NULL DEFAULT '',
    hold_until     TIMESTAMPTZ NOT NULL,
    status         TEXT NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'seized')),
    released_at    TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX material_holds_active_ticket_uq
    ON material_holds (ticket_id)
    WHERE released_at IS NULL;

CREATE TABLE payouts (
    id             UUID PRIMARY KEY,
    ticket_id      TEXT NOT NULL REFERENCES weigh_tickets(id),
    seller_id      UUID NOT NULL REFERENCES sellers(id),
    method         TEXT NOT NULL CHECK (method IN ('cash', 'ach')),
    amount_cents   BIGINT NOT NULL CHECK (amount_cents > 0),
    status         TEXT NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'submitted', 'voucher_issued', 'paid', 'failed', 'returned')),
    provider_ref   TEXT,
    voucher_code   TEXT,
    failure_reason TEXT,
    receipt_sent_at TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX payouts_ticket_idx ON payouts (ticket_id);
CREATE UNIQUE INDEX payouts_provider_ref_uq ON payouts (provider_ref) WHERE provider_ref IS NOT NULL;

CREATE TABLE seller_ledger (
    id           UUID PRIMARY KEY,
    seller_id    UUID NOT NULL REFERENCES sellers(id),
    ticket_id    TEXT REFERENCES weigh_tickets(id),
    payout_id    UUID REFERENCES payouts(id),
    entry_type   TEXT NOT NULL CHECK (entry_type IN ('ticket_credit', 'ticket_reversal', 'payout_debit', 'payout_return')),
    amount_cents BIGINT NOT NULL,
    source_key   TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX seller_ledger_seller_idx ON seller_ledger (seller_id, created_at);
CREATE UNIQUE INDEX seller_ledger_source_key_uq ON seller_ledger (source_key) WHERE source_key IS NOT NULL;
