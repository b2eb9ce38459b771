-- One-off and installment donations, caller idempotency keys, refunds and
-- processor notifications.
CREATE TABLE idempotency_keys (
    scope        text        NOT NULL,
    key          text        NOT NULL,
    request_hash text        NOT NULL,
    resource_id  text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE donations (
    id                 uuid PRIMARY KEY,
    donor_id           uuid        NOT NULL REFERENCES donors (id),
    charity_id         uuid        NOT NULL REFERENCES charities (id),
    campaign_id        uuid REFERENCES campaigns (id),
    fundraiser_page_id uuid REFERENCES fundraiser_pages (id),
    recurring_plan_id  text,
    amount_pence       bigint      NOT NULL CHECK (amount_pence > 0),
    currency           char(3)     NOT NULL,
    status             text        NOT NULL,
    psp_reference      text,
    idempotency_key    text UNIQUE,
    gift_aid_eligible  boolean     NOT NULL DEFAULT false,
    anonymous          boolean     NOT NULL DEFAULT false,
    message            text,
    failure_reason     text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX donations_psp_reference_idx ON donations (psp_reference);
CREATE INDEX donations_donor_created_idx ON donations (donor_id, created_at);

CREATE TABLE refunds (
    id            text PRIMARY KEY,
    donation_id   uuid        NOT NULL REFERENCES donations (id),
    amount_pence  bigint      NOT NULL,
    reason        text        NOT NULL,
    status        text        NOT NULL,
    psp_reference text,
    requested_by  text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_donation_idx ON refunds (donation_id);

CREATE TABLE processor_events (
    psp_reference      text        NOT NULL,
    event_code         text        NOT NULL,
    success            boolean     NOT NULL,
    original_reference text,
    merchant_reference text        NOT NULL,
    amount_minor       bigint      NOT NULL,
    currency           char(3)     NOT NULL,
    reason             text,
    received_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (psp_reference, event_code, success)
);
