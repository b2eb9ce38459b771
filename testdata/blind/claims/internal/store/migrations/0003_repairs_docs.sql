-- +migrate Up
CREATE TABLE repair_bookings (
    id                   UUID PRIMARY KEY,
    claim_id             UUID        NOT NULL REFERENCES claims (id),
    shop_id              TEXT        NOT NULL,
    slot_start           TIMESTAMPTZ NOT NULL,
    status               TEXT        NOT NULL,
    partner_booking_ref  TEXT,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT repair_bookings_slot_key UNIQUE (claim_id, shop_id, slot_start)
);

CREATE UNIQUE INDEX repair_bookings_partner_ref_idx ON repair_bookings (partner_booking_ref)
    WHERE partner_booking_ref IS NOT NULL;

CREATE TABLE repair_supplements (
    booking_id     UUID        NOT NULL REFERENCES repair_bookings (id),
    supplement_no  INT         NOT NULL,
    amount_cents   BIGINT      NOT NULL,
    reason         TEXT        NOT NULL,
    status         TEXT        NOT NULL,
    partner_ref    TEXT,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (booking_id, supplement_no)
);

CREATE TABLE documents (
    id            UUID PRIMARY KEY,
    claim_id      UUID        NOT NULL REFERENCES claims (id),
    sha256        TEXT        NOT NULL,
    s3_key        TEXT        NOT NULL,
    content_type  TEXT        NOT NULL,
    size_bytes    BIGINT      NOT NULL,
    doc_type      TEXT        NOT NULL,
    uploaded_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT documents_claim_sha_key UNIQUE (claim_id, sha256)
);
