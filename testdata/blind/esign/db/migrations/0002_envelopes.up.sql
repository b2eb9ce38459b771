CREATE TABLE envelopes (
    id                      text PRIMARY KEY,
    account_id              text        NOT NULL REFERENCES accounts (id),
    idempotency_key         text,
    subject                 text        NOT NULL,
    message                 text        NOT NULL DEFAULT '',
    document_url            text        NOT NULL,
    document_sha256         text        NOT NULL,
    sender_email            text        NOT NULL,
    status                  text        NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'sent', 'completed', 'voided')),
    reminder_interval_hours integer     NOT NULL DEFAULT 48 CHECK (reminder_interval_hours > 0),
    reminders_sent          integer     NOT NULL DEFAULT 0,
    next_reminder_at        timestamptz,
    void_reason             text,
    billed_at               timestamptz,
    created_at              timestamptz NOT NULL DEFAULT now(),
    sent_at                 timestamptz,
    completed_at            timestamptz,
    voided_at               timestamptz
);

CREATE UNIQUE INDEX envelopes_account_idempotency_key_uq
    ON envelopes (account_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

CREATE INDEX envelopes_reminder_due_idx
    ON envelopes (next_reminder_at)
    WHERE status = 'sent';

CREATE TABLE signers (
    id            text PRIMARY KEY,
    envelope_id   text        NOT NULL REFERENCES envelopes (id) ON DELETE CASCADE,
    name          text        NOT NULL,
    email         text        NOT NULL,
    phone         text,
    routing_order integer     NOT NULL DEFAULT 1 CHECK (routing_order > 0),
    status        text        NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'notified', 'signed', 'declined')),
    notified_at   timestamptz,
    signed_at     timestamptz,
    signature_sha256 text,
    signed_ip     text,
    UNIQUE (envelope_id, email)
);

CREATE INDEX signers_envelope_idx ON signers (envelope_id, routing_order);

-- Append-only audit trail shown on the certificate of completion.
CREATE TABLE envelope_events (
    id          text PRIMARY KEY,
    envelope_id text        NOT NULL REFERENCES envelopes (id) ON DELETE CASCADE,
    signer_id   text REFERENCES signers (id) ON DELETE CASCADE,
    kind        text        NOT NULL,
    detail      jsonb       NOT NULL DEFAULT '{}'::jsonb,
    occurred_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX envelope_events_envelope_idx ON envelope_events (envelope_id, occurred_at);
