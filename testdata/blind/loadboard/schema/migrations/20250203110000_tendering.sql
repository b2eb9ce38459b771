-- Tender offers, the tender attempt log, assignments, rate confirmations,
-- load documents and outbound notifications.

CREATE TABLE tenders (
    id             uuid PRIMARY KEY,
    load_id        uuid        NOT NULL REFERENCES loads (id),
    bid_id         uuid        NOT NULL REFERENCES bids (id),
    carrier_id     uuid        NOT NULL REFERENCES carriers (id),
    rate_cents     bigint      NOT NULL,
    status         text        NOT NULL DEFAULT 'offered',
    workflow_id    text        NOT NULL,
    offered_at     timestamptz NOT NULL,
    expires_at     timestamptz NOT NULL,
    responded_at   timestamptz,
    decline_reason text        NOT NULL DEFAULT '',
    CONSTRAINT tenders_load_bid_key UNIQUE (load_id, bid_id),
    CONSTRAINT tenders_status_check CHECK (status IN
        ('offered', 'accepted', 'declined', 'expired', 'withdrawn'))
);

CREATE INDEX tenders_carrier_idx ON tenders (carrier_id, offered_at DESC);

-- Append-only history of tender rounds, one row per event.
CREATE TABLE tender_attempts (
    id          text PRIMARY KEY,
    load_id     uuid        NOT NULL REFERENCES loads (id),
    bid_id      uuid        NOT NULL,
    workflow_id text        NOT NULL,
    round       integer     NOT NULL,
    outcome     text        NOT NULL,
    recorded_at timestamptz NOT NULL
);

CREATE INDEX tender_attempts_load_idx ON tender_attempts (load_id, recorded_at);

CREATE TABLE load_assignments (
    id                       uuid PRIMARY KEY,
    load_id                  uuid        NOT NULL REFERENCES loads (id),
    tender_id                uuid        NOT NULL REFERENCES tenders (id),
    carrier_id               uuid        NOT NULL REFERENCES carriers (id),
    driver_name              text        NOT NULL DEFAULT '',
    driver_phone             text        NOT NULL DEFAULT '',
    truck_number             text        NOT NULL DEFAULT '',
    tracking_subscription_id text,
    created_at               timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX load_assignments_load_idx ON load_assignments (load_id, created_at DESC);

CREATE TABLE rate_confirmations (
    id          uuid PRIMARY KEY,
    tender_id   uuid        NOT NULL REFERENCES tenders (id),
    load_id     uuid        NOT NULL REFERENCES loads (id),
    carrier_id  uuid        NOT NULL REFERENCES carriers (id),
    rate_cents  bigint      NOT NULL,
    envelope_id text,
    status      text        NOT NULL DEFAULT 'draft',
    signed_at   timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT rate_confirmations_tender_key UNIQUE (tender_id),
    CONSTRAINT rate_confirmations_envelope_key UNIQUE (envelope_id)
);

CREATE TABLE load_documents (
    id          uuid PRIMARY KEY,
    load_id     uuid        NOT NULL REFERENCES loads (id),
    doc_type    text        NOT NULL,
    storage_url text        NOT NULL,
    source      text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT load_documents_load_type_key UNIQUE (load_id, doc_type)
);

CREATE TABLE notifications (
    id                  uuid PRIMARY KEY,
    dedup_key           text        NOT NULL,
    channel             text        NOT NULL,
    recipient           text        NOT NULL,
    template            text        NOT NULL,
    status              text        NOT NULL DEFAULT 'queued',
    provider_message_id text,
    sent_at             timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT notifications_dedup_key_key UNIQUE (dedup_key)
);
