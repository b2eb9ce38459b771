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
