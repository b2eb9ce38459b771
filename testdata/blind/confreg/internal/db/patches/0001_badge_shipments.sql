-- Inkwell started sending shipment callbacks once badges are posted to
-- attendees who asked for pre-event delivery.
CREATE TABLE IF NOT EXISTS badge_shipments (
    id               uuid PRIMARY KEY,
    badge_id         uuid NOT NULL REFERENCES badges (id),
    print_job_id     text NOT NULL,
    carrier          text NOT NULL DEFAULT '',
    tracking_number  text NOT NULL DEFAULT '',
    shipped_at       timestamptz NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS badge_shipments_badge_idx ON badge_shipments (badge_id);
