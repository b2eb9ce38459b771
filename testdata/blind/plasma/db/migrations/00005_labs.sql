-- +goose Up
CREATE TABLE lab_samples (
    id                 text PRIMARY KEY,
    unit_id            text NOT NULL REFERENCES plasma_units (id),
    tube_barcode       text NOT NULL,
    panel              text NOT NULL,
    status             text NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'ordered', 'resulted', 'rejected')),
    partner_order_ref  text,
    ordered_at         timestamptz,
    resulted_at        timestamptz,
    rejection_reason   text,
    CONSTRAINT lab_samples_tube_barcode_key UNIQUE (tube_barcode),
    CONSTRAINT lab_samples_unit_panel_key UNIQUE (unit_id, panel)
);

CREATE TABLE lab_results (
    id           text PRIMARY KEY,
    sample_id    text NOT NULL REFERENCES lab_samples (id),
    test_code    text NOT NULL,
    outcome      text NOT NULL CHECK (outcome IN ('non_reactive', 'reactive', 'indeterminate')),
    value        text NOT NULL DEFAULT '',
    method       text NOT NULL DEFAULT '',
    resulted_at  timestamptz NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT lab_results_sample_test_key UNIQUE (sample_id, test_code)
);

-- Processed webhook deliveries, keyed on the provider's event id.
CREATE TABLE webhook_events (
    provider     text NOT NULL,
    event_id     text NOT NULL,
    event_type   text NOT NULL DEFAULT '',
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

-- Free-form sample history shown to lab coordinators.
CREATE TABLE lab_sample_events (
    id           text PRIMARY KEY,
    sample_id    text NOT NULL REFERENCES lab_samples (id),
    event_type   text NOT NULL,
    detail       text NOT NULL DEFAULT '',
    occurred_at  timestamptz NOT NULL
);

-- +goose Down
DROP TABLE lab_sample_events;
DROP TABLE webhook_events;
DROP TABLE lab_results;
DROP TABLE lab_samples;
