-- +goose Up
CREATE TABLE advance_disbursements (
    id                  uuid PRIMARY KEY,
    application_id      uuid        NOT NULL REFERENCES advance_applications (id),
    amount_cents        bigint      NOT NULL CHECK (amount_cents > 0),
    attempt             integer     NOT NULL DEFAULT 1,
    bank_transfer_id    text,
    status              text        NOT NULL CHECK (status IN ('pending', 'submitted', 'settled', 'returned')),
    return_code         text        NOT NULL DEFAULT '',
    submitted_at        timestamptz,
    settled_at          timestamptz,
    returned_at         timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT advance_disbursements_application_key UNIQUE (application_id)
);

CREATE UNIQUE INDEX advance_disbursements_transfer
    ON advance_disbursements (bank_transfer_id)
    WHERE bank_transfer_id IS NOT NULL;

CREATE TABLE bank_webhook_events (
    id          text PRIMARY KEY,
    type        text        NOT NULL,
    transfer_id text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_return_events (
    id          uuid PRIMARY KEY,
    partner_id  uuid        NOT NULL REFERENCES partners (id),
    event_id    text        NOT NULL,
    type        text        NOT NULL,
    return_ref  text        NOT NULL,
    payload     jsonb       NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT partner_return_events_partner_event_key UNIQUE (partner_id, event_id)
);

-- +goose Down
DROP TABLE partner_return_events;
DROP TABLE bank_webhook_events;
DROP TABLE advance_disbursements;
