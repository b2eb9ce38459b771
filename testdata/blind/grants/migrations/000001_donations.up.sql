CREATE TABLE donors (
    id                uuid        PRIMARY KEY,
    email             text        NOT NULL,
    name              text        NOT NULL DEFAULT '',
    email_status      text        NOT NULL DEFAULT 'ok',
    merged_into       uuid        REFERENCES donors (id),
    last_receipt_year int,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX donors_email_idx ON donors (lower(email));

CREATE TABLE campaigns (
    id             uuid   PRIMARY KEY,
    name           text   NOT NULL,
    goal_cents     bigint NOT NULL DEFAULT 0,
    raised_cents   bigint NOT NULL DEFAULT 0,
    offline_cents  bigint NOT NULL DEFAULT 0,
    donation_count int    NOT NULL DEFAULT 0
);

CREATE TABLE idempotency_keys (
    scope       text        NOT NULL,
    key         text        NOT NULL,
    resource_id text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE donations (
    id                       uuid        PRIMARY KEY,
    donor_id                 uuid        NOT NULL REFERENCES donors (id),
    campaign_id              uuid        NOT NULL REFERENCES campaigns (id),
    amount_cents             bigint      NOT NULL CHECK (amount_cents > 0),
    currency                 char(3)     NOT NULL,
    status                   text        NOT NULL,
    stripe_payment_intent_id text        UNIQUE,
    client_secret            text,
    refunded_cents           bigint      NOT NULL DEFAULT 0,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX donations_donor_idx ON donations (donor_id);

CREATE TABLE refunds (
    id           text        PRIMARY KEY, -- Stripe refund id
    donation_id  uuid        NOT NULL REFERENCES donations (id),
    amount_cents bigint      NOT NULL,
    reason       text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_donation_idx ON refunds (donation_id, created_at DESC);

CREATE TABLE pledges (
    id                       uuid        PRIMARY KEY,
    donor_id                 uuid        NOT NULL REFERENCES donors (id),
    campaign_id              uuid        NOT NULL REFERENCES campaigns (id),
    amount_cents             bigint      NOT NULL,
    currency                 char(3)     NOT NULL,
    interval                 text        NOT NULL,
    stripe_customer_id       text        NOT NULL,
    stripe_payment_method_id text        NOT NULL,
    status                   text        NOT NULL,
    created_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pledges_donor_idx ON pledges (donor_id);

CREATE TABLE pledge_installments (
    pledge_id                uuid        NOT NULL REFERENCES pledges (id),
    period                   text        NOT NULL,
    amount_cents             bigint      NOT NULL,
    status                   text        NOT NULL,
    stripe_payment_intent_id text,
    paid_at                  timestamptz,
    PRIMARY KEY (pledge_id, period)
);

CREATE TABLE processed_stripe_events (
    event_id     text        PRIMARY KEY,
    event_type   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id         uuid        PRIMARY KEY,
    event_type text        NOT NULL,
    group_id   text        NOT NULL,
    payload    bytea       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at    timestamptz
);
CREATE INDEX outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL;
