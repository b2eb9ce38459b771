-- +goose Up
CREATE TABLE financing_applications (
    id                UUID PRIMARY KEY,
    contract_id       UUID NOT NULL REFERENCES contracts (id),
    partner_ref       TEXT,
    product_code      TEXT NOT NULL,
    requested_cents   BIGINT NOT NULL,
    term_months       INT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'draft',
    accepted_offer_id TEXT,
    loan_ref          TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT financing_applications_contract_key UNIQUE (contract_id)
);
CREATE UNIQUE INDEX financing_applications_partner_ref_idx
    ON financing_applications (partner_ref) WHERE partner_ref IS NOT NULL;

CREATE TABLE financing_offers (
    application_id  UUID NOT NULL REFERENCES financing_applications (id),
    offer_id        TEXT NOT NULL,
    apr             NUMERIC(6,3) NOT NULL,
    term_months     INT NOT NULL,
    monthly_cents   BIGINT NOT NULL,
    PRIMARY KEY (application_id, offer_id)
);

CREATE TABLE loan_fundings (
    id              UUID PRIMARY KEY,
    application_id  UUID NOT NULL REFERENCES financing_applications (id),
    amount_cents    BIGINT NOT NULL,
    tranche         TEXT NOT NULL,
    disbursed_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX loan_fundings_application_idx ON loan_fundings (application_id);

-- +goose Down
DROP TABLE loan_fundings;
DROP TABLE financing_offers;
DROP TABLE financing_applications;
