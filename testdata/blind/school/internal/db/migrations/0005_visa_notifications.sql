CREATE TABLE visa_letters (
    id                  TEXT PRIMARY KEY,
    enrolment_id        TEXT        NOT NULL REFERENCES enrolments (id),
    student_id          TEXT        NOT NULL REFERENCES students (id),
    letter_type         TEXT        NOT NULL,
    status              TEXT        NOT NULL DEFAULT 'pending',
    document_request_id TEXT UNIQUE,
    rejection_reason    TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (enrolment_id, letter_type)
);

CREATE TABLE visa_documents (
    document_id  TEXT PRIMARY KEY,
    letter_id    TEXT        NOT NULL REFERENCES visa_letters (id),
    download_url TEXT        NOT NULL,
    sha256       TEXT        NOT NULL,
    pages        INT         NOT NULL,
    received_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Messages already applied by queue consumers.
CREATE TABLE inbox_messages (
    source       TEXT        NOT NULL,
    message_id   TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (source, message_id)
);

CREATE TABLE notifications (
    id           TEXT PRIMARY KEY,
    channel      TEXT        NOT NULL,
    template     TEXT        NOT NULL,
    dedup_key    TEXT        NOT NULL UNIQUE,
    recipient    TEXT        NOT NULL,
    status       TEXT        NOT NULL DEFAULT 'queued',
    provider_ref TEXT,
    error        TEXT,
    created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at      TIMESTAMPTZ,
    delivered_at TIMESTAMPTZ
);

CREATE INDEX notifications_provider_ref ON notifications (provider_ref);
