CREATE TABLE marker_partners (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE marker_partner_updates (
    id BIGSERIAL PRIMARY KEY,
    partner_id TEXT NOT NULL REFERENCES marker_partners (id),
    event_id TEXT NOT NULL,
    status TEXT NOT NULL,
    UNIQUE (partner_id, event_id)
);

CREATE TABLE marker_disputes (
    id BIGSERIAL PRIMARY KEY,
    statement_id TEXT NOT NULL,
    dispute_ref TEXT NOT NULL,
    UNIQUE (statement_id, dispute_ref)
);
