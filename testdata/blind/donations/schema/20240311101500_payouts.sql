-- Transfers of held funds to charities.
CREATE TABLE payouts (
    id             uuid PRIMARY KEY,
    charity_id     uuid        NOT NULL REFERENCES charities (id),
    reference      text        NOT NULL,
    period         char(7),
    amount_pence   bigint      NOT NULL CHECK (amount_pence > 0),
    status         text        NOT NULL,
    bank_reference text,
    requested_by   text        NOT NULL,
    requested_at   timestamptz NOT NULL DEFAULT now(),
    sent_at        timestamptz,
    CONSTRAINT payouts_charity_reference_key UNIQUE (charity_id, reference)
);
