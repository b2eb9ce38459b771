-- Tax form collection and monthly statements.

CREATE TABLE tax_forms (
    id                  UUID PRIMARY KEY,
    artist_id           UUID        NOT NULL REFERENCES artists (id),
    form_type           TEXT        NOT NULL,
    tax_year            INT         NOT NULL,
    external_reference  TEXT        NOT NULL UNIQUE,
    provider_request_id TEXT        UNIQUE,
    provider_form_id    TEXT        UNIQUE,
    status              TEXT        NOT NULL DEFAULT 'requested',
    signed_at           TIMESTAMPTZ,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX tax_forms_artist_year ON tax_forms (artist_id, tax_year);

CREATE TABLE tax_form_reminders (
    id                  TEXT PRIMARY KEY,
    artist_id           UUID        NOT NULL REFERENCES artists (id),
    tax_year            INT         NOT NULL,
    seq                 INT         NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending',
    provider_message_id TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at             TIMESTAMPTZ,
    CONSTRAINT tax_form_reminders_natural_key UNIQUE (artist_id, tax_year, seq)
);

CREATE TABLE statements (
    id              UUID PRIMARY KEY,
    artist_id       UUID        NOT NULL REFERENCES artists (id),
    period          TEXT        NOT NULL,
    gross_micros    BIGINT      NOT NULL,
    recouped_micros BIGINT      NOT NULL,
    net_micros      BIGINT      NOT NULL,
    currency        CHAR(3)     NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'final',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT statements_artist_period UNIQUE (artist_id, period)
);

CREATE TABLE statement_deliveries (
    statement_id        UUID        NOT NULL REFERENCES statements (id),
    channel             TEXT        NOT NULL,
    provider_message_id TEXT        NOT NULL,
    sent_at             TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (statement_id, channel)
);
