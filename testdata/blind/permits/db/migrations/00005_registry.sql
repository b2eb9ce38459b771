-- +goose Up
CREATE TABLE parcel_changes (
    id                 bigserial PRIMARY KEY,
    registry_event_id  text        NOT NULL,
    parcel_id          text        NOT NULL,
    owner_name         text        NOT NULL,
    zoning_code        text,
    effective_at       timestamptz NOT NULL,
    received_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT parcel_changes_event_key UNIQUE (registry_event_id)
);

CREATE INDEX parcel_changes_parcel_idx ON parcel_changes (parcel_id, effective_at DESC);

CREATE TABLE registry_statuses (
    permit_id       uuid PRIMARY KEY REFERENCES permits (id),
    registry_ref    text,
    status          text        NOT NULL,
    reason          text        NOT NULL DEFAULT '',
    last_event_id   text        NOT NULL,
    updated_at      timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE registry_statuses;
DROP TABLE parcel_changes;
