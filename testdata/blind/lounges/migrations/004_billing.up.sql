CREATE TABLE partner_invoices (
    id           uuid PRIMARY KEY,
    airline_code text NOT NULL REFERENCES airline_partners (code),
    period       text NOT NULL,
    status       text NOT NULL CHECK (status IN ('draft', 'finalized', 'submitted', 'disputed', 'paid')),
    total_cents  bigint NOT NULL DEFAULT 0,
    currency     char(3) NOT NULL,
    external_ref text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    finalized_at timestamptz,
    submitted_at timestamptz,
    CONSTRAINT partner_invoices_period UNIQUE (airline_code, period)
);

CREATE TABLE partner_invoice_lines (
    id           uuid PRIMARY KEY,
    invoice_id   uuid NOT NULL REFERENCES partner_invoices (id),
    visit_id     uuid NOT NULL REFERENCES visits (id),
    description  text NOT NULL,
    quantity     integer NOT NULL DEFAULT 1,
    amount_cents bigint NOT NULL
);
CREATE INDEX partner_invoice_lines_invoice_idx ON partner_invoice_lines (invoice_id);

CREATE TABLE invoice_disputes (
    id                  uuid PRIMARY KEY,
    invoice_id          uuid NOT NULL REFERENCES partner_invoices (id),
    partner_dispute_ref text NOT NULL,
    line_ids            uuid[] NOT NULL DEFAULT '{}',
    reason              text NOT NULL,
    amount_cents        bigint NOT NULL,
    status              text NOT NULL DEFAULT 'open',
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoice_disputes_partner_ref UNIQUE (invoice_id, partner_dispute_ref)
);

CREATE TABLE refunds (
    id               uuid PRIMARY KEY,
    day_pass_id      uuid NOT NULL UNIQUE REFERENCES day_passes (id),
    amount_cents     bigint NOT NULL,
    currency         char(3) NOT NULL,
    reason           text NOT NULL DEFAULT '',
    status           text NOT NULL CHECK (status IN ('requested', 'succeeded', 'failed')),
    stripe_refund_id text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE renewal_charges (
    id                       uuid PRIMARY KEY,
    membership_id            uuid NOT NULL REFERENCES memberships (id),
    period_start             date NOT NULL,
    amount_cents             bigint NOT NULL,
    currency                 char(3) NOT NULL,
    status                   text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    stripe_payment_intent_id text,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT renewal_charges_period UNIQUE (membership_id, period_start)
);

CREATE TABLE renewal_attempt_log (
    id                uuid PRIMARY KEY,
    renewal_charge_id uuid NOT NULL REFERENCES renewal_charges (id),
    attempted_at      timestamptz NOT NULL,
    outcome           text NOT NULL,
    detail            text NOT NULL DEFAULT ''
);

CREATE TABLE notifications (
    id            uuid PRIMARY KEY,
    membership_id uuid NOT NULL REFERENCES memberships (id),
    kind          text NOT NULL,
    period        text NOT NULL,
    channel       text NOT NULL,
    sent_at       timestamptz NOT NULL,
    CONSTRAINT notifications_once UNIQUE (membership_id, kind, period)
);
