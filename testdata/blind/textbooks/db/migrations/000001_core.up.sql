-- Core buyback tables: students, quotes, drop-offs, payouts.

CREATE TABLE students (
    id                  text PRIMARY KEY,
    campus_id           text NOT NULL UNIQUE,
    email               text NOT NULL,
    phone               text,
    stripe_account_id   text,
    stripe_customer_id  text,
    default_pm_id       text,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE quotes (
    id                 text PRIMARY KEY,
    student_id         text NOT NULL REFERENCES students (id),
    client_request_id  text NOT NULL,
    status             text NOT NULL DEFAULT 'open',
    payout_method      text NOT NULL,
    total_cents        bigint NOT NULL,
    dropoff_code       text UNIQUE,
    expires_at         timestamptz NOT NULL,
    accepted_at        timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT quotes_student_request_uq UNIQUE (student_id, client_request_id)
);

CREATE TABLE quote_lines (
    id             text PRIMARY KEY,
    quote_id       text NOT NULL REFERENCES quotes (id),
    isbn           text NOT NULL,
    offer_cents    bigint NOT NULL,
    wholesaler_id  text,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX quote_lines_quote_idx ON quote_lines (quote_id);

CREATE TABLE wholesale_offers (
    wholesaler_id  text NOT NULL,
    isbn           text NOT NULL,
    offer_cents    bigint NOT NULL,
    fetched_at     timestamptz NOT NULL,
    PRIMARY KEY (wholesaler_id, isbn)
);

CREATE TABLE kiosk_heartbeats (
    id           text PRIMARY KEY,
    kiosk_id     text NOT NULL,
    bin_fill_pct integer NOT NULL,
    firmware     text NOT NULL,
    reported_at  timestamptz NOT NULL
);

CREATE TABLE dropoffs (
    id              text PRIMARY KEY,
    quote_id        text NOT NULL REFERENCES quotes (id),
    kiosk_id        text NOT NULL,
    kiosk_event_id  text NOT NULL,
    slot            integer NOT NULL,
    status          text NOT NULL DEFAULT 'received',
    received_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dropoffs_quote_idx ON dropoffs (quote_id);

CREATE TABLE dropoff_lines (
    id            text PRIMARY KEY,
    dropoff_id    text NOT NULL REFERENCES dropoffs (id),
    quote_line_id text NOT NULL REFERENCES quote_lines (id),
    isbn          text NOT NULL,
    offer_cents   bigint NOT NULL,
    grade         text,
    paid_cents    bigint,
    graded_by     text,
    graded_at     timestamptz
);

CREATE TABLE payouts (
    id                  text PRIMARY KEY,
    student_id          text NOT NULL REFERENCES students (id),
    dropoff_id          text NOT NULL REFERENCES dropoffs (id),
    method              text NOT NULL,
    amount_cents        bigint NOT NULL DEFAULT 0,
    status              text NOT NULL DEFAULT 'pending',
    stripe_transfer_id  text,
    stripe_payout_id    text,
    failure_reason      text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payouts_student_idx ON payouts (student_id);
CREATE INDEX payouts_stripe_payout_idx ON payouts (stripe_payout_id);

CREATE TABLE payout_attempts (
    id          text PRIMARY KEY,
    payout_id   text NOT NULL REFERENCES payouts (id),
    attempt     integer NOT NULL,
    step        text NOT NULL,
    error       text,
    started_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE credit_ledger (
    id          text PRIMARY KEY,
    student_id  text NOT NULL REFERENCES students (id),
    amount_cents bigint NOT NULL,
    reason      text NOT NULL,
    source_ref  text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX credit_ledger_issue_uq ON credit_ledger (source_ref) WHERE reason = 'buyback_credit';
CREATE INDEX credit_ledger_student_idx ON credit_ledger (student_id);
