-- 0004: audit trail for Stripe Connect account events.
CREATE TABLE connect_events (
    event_id    TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL,
    event_type  TEXT NOT NULL,
    payload     JSONB NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE photographers ADD COLUMN details_submitted BOOLEAN NOT NULL DEFAULT false;
