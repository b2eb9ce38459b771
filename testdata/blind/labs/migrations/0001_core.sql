-- Partners, patients and orders.

CREATE TABLE partners (
    id              text PRIMARY KEY,
    name            text NOT NULL,
    api_key_hash    text NOT NULL UNIQUE,
    webhook_url     text NOT NULL,
    webhook_secret  text NOT NULL,
    active          boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE collection_sites (
    id              text PRIMARY KEY,
    name            text NOT NULL,
    address_line1   text NOT NULL,
    city            text NOT NULL,
    region          text NOT NULL,
    postal_code     text NOT NULL,
    contact_phone   text NOT NULL,
    courier_zone    text NOT NULL
);

CREATE TABLE patients (
    id              uuid PRIMARY KEY,
    partner_id      text NOT NULL REFERENCES partners(id),
    mrn             text NOT NULL,
    given_name      text NOT NULL,
    family_name     text NOT NULL,
    birth_date      date NOT NULL,
    phone           text,
    sms_opt_in      boolean NOT NULL DEFAULT false,
    payer_id        text,
    member_id       text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (partner_id, mrn)
);

CREATE TABLE patient_accounts (
    patient_id      uuid PRIMARY KEY REFERENCES patients(id),
    balance_cents   bigint NOT NULL DEFAULT 0,
    credit_cents    bigint NOT NULL DEFAULT 0,
    payment_method  text,
    autopay         boolean NOT NULL DEFAULT false,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
    id                  text PRIMARY KEY,
    partner_id          text NOT NULL REFERENCES partners(id),
    external_order_id   text NOT NULL,
    patient_id          uuid NOT NULL REFERENCES patients(id),
    ordering_npi        text NOT NULL,
    ordering_phone      text,
    site_id             text NOT NULL REFERENCES collection_sites(id),
    priority            text NOT NULL DEFAULT 'routine',
    billing_mode        text NOT NULL DEFAULT 'insurance',
    status              text NOT NULL DEFAULT 'placed',
    cancel_reason       text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (partner_id, external_order_id)
);

CREATE INDEX orders_patient_idx ON orders (patient_id);
CREATE INDEX orders_status_idx ON orders (status);

CREATE TABLE order_tests (
    id              uuid PRIMARY KEY,
    order_id        text NOT NULL REFERENCES orders(id),
    test_code       text NOT NULL,
    cpt_code        text NOT NULL,
    price_cents     bigint NOT NULL,
    source          text NOT NULL DEFAULT 'original',
    requested_by    text,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX order_tests_original_uq ON order_tests (order_id, test_code) WHERE source = 'original';
CREATE INDEX order_tests_order_idx ON order_tests (order_id);

CREATE TABLE test_catalog (
    code            text PRIMARY KEY,
    name            text NOT NULL,
    cpt_code        text NOT NULL,
    price_cents     bigint NOT NULL,
    specimen_type   text NOT NULL,
    requires_auth   boolean NOT NULL DEFAULT false,
    active          boolean NOT NULL DEFAULT true
);
