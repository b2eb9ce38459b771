-- Gift Aid declarations and the monthly claim batches built from them.
CREATE TABLE gift_aid_declarations (
    id           bigserial PRIMARY KEY,
    donation_id  uuid        NOT NULL REFERENCES donations (id),
    donor_id     uuid        NOT NULL REFERENCES donors (id),
    house_number text        NOT NULL,
    postcode     text        NOT NULL,
    tax_year     text        NOT NULL,
    status       text        NOT NULL DEFAULT 'declared',
    declared_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT gift_aid_declarations_donation_key UNIQUE (donation_id)
);
CREATE INDEX gift_aid_declarations_declared_idx ON gift_aid_declarations (declared_at);

CREATE TABLE giftaid_batches (
    id                text PRIMARY KEY,
    tax_year          text        NOT NULL,
    period            char(7)     NOT NULL,
    status            text        NOT NULL,
    line_count        integer     NOT NULL,
    total_claim_pence bigint      NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX giftaid_batches_period_idx ON giftaid_batches (period);

CREATE TABLE giftaid_claim_lines (
    batch_id       text   NOT NULL REFERENCES giftaid_batches (id),
    declaration_id bigint NOT NULL REFERENCES gift_aid_declarations (id),
    donation_id    uuid   NOT NULL,
    donation_pence bigint NOT NULL,
    claim_pence    bigint NOT NULL,
    PRIMARY KEY (batch_id, declaration_id)
);
