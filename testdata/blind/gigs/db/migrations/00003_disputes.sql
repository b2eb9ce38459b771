-- +goose Up
CREATE TABLE disputes (
    id                  TEXT PRIMARY KEY,
    milestone_id        TEXT NOT NULL REFERENCES milestones (id),
    opened_by           TEXT NOT NULL,
    reason              TEXT NOT NULL,
    status              TEXT NOT NULL,
    disputed_minor      BIGINT NOT NULL,
    currency            CHAR(3) NOT NULL,
    client_share_bps    INTEGER,
    resolution_note     TEXT,
    resolved_by         TEXT,
    resolved_at         TIMESTAMPTZ,
    settled_at          TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- At most one live dispute per milestone.
CREATE UNIQUE INDEX disputes_one_open_idx ON disputes (milestone_id)
    WHERE status IN ('open', 'resolved');

CREATE TABLE dispute_evidence (
    id              UUID PRIMARY KEY,
    dispute_id      TEXT NOT NULL REFERENCES disputes (id),
    submitted_by    TEXT NOT NULL,
    url             TEXT NOT NULL,
    note            TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX dispute_evidence_dispute_idx ON dispute_evidence (dispute_id, created_at);

-- +goose Down
DROP TABLE dispute_evidence;
DROP TABLE disputes;
