CREATE TABLE payout_lines (
    id              text PRIMARY KEY,
    reporter_id     text NOT NULL REFERENCES reporters (id),
    transcript_id   text NOT NULL REFERENCES transcripts (id),
    pages           integer NOT NULL,
    rate_cents      bigint NOT NULL,
    amount_cents    bigint NOT NULL,
    period          text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payout_lines_period_idx ON payout_lines (period, reporter_id);

CREATE TABLE payout_statements (
    id              text PRIMARY KEY,
    reporter_id     text NOT NULL REFERENCES reporters (id),
    period          text NOT NULL,
    pages           integer NOT NULL,
    total_cents     bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE job_runs (
    name            text NOT NULL,
    run_key         text NOT NULL,
    completed_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (name, run_key)
);

CREATE TABLE alert_attempts (
    id                  text PRIMARY KEY,
    booking_id          text NOT NULL REFERENCES bookings (id),
    phone               text NOT NULL,
    kind                text NOT NULL,
    status              text NOT NULL,
    provider_message_id text,
    error               text,
    attempted_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE inbound_sms (
    provider_message_id text PRIMARY KEY,
    from_phone          text NOT NULL,
    body                text NOT NULL,
    assignment_id       text,
    received_at         timestamptz NOT NULL DEFAULT now()
);
