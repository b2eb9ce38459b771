CREATE TABLE webhook_endpoints (
    id          text        PRIMARY KEY,
    customer_id uuid        NOT NULL REFERENCES customers (id),
    url         text        NOT NULL,
    secret      text        NOT NULL,
    events      text[]      NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT webhook_endpoints_customer_url_key UNIQUE (customer_id, url)
);

CREATE TABLE webhook_outbox (
    id           text        PRIMARY KEY,
    customer_id  uuid        NOT NULL REFERENCES customers (id),
    event_type   text        NOT NULL,
    subject_id   text        NOT NULL,
    payload      jsonb       NOT NULL,
    delivered_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT webhook_outbox_subject_event_key UNIQUE (subject_id, event_type)
);
