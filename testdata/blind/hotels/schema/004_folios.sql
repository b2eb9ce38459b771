-- A reservation may carry several folios (split billing), so reservation_id
-- is deliberately not unique.
CREATE TABLE folios (
    id             UUID PRIMARY KEY,
    reservation_id UUID        NOT NULL REFERENCES reservations (id),
    label          TEXT        NOT NULL DEFAULT 'main',
    status         TEXT        NOT NULL DEFAULT 'open',
    balance_minor  BIGINT      NOT NULL DEFAULT 0,
    currency       CHAR(3)     NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX folios_reservation_idx ON folios (reservation_id);

CREATE TABLE folio_lines (
    id           UUID PRIMARY KEY,
    folio_id     UUID        NOT NULL REFERENCES folios (id),
    code         TEXT        NOT NULL,
    description  TEXT        NOT NULL,
    amount_minor BIGINT      NOT NULL,
    posted_by    TEXT        NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
