-- Donors, charities and the balances held on their behalf.
CREATE TABLE donors (
    id               uuid PRIMARY KEY,
    email            text        NOT NULL,
    first_name       text        NOT NULL,
    last_name        text        NOT NULL,
    address_line1    text,
    postcode         text,
    crm_contact_id   text,
    email_status     text        NOT NULL DEFAULT 'ok',
    marketing_opt_in boolean     NOT NULL DEFAULT false,
    contact_by_post  boolean     NOT NULL DEFAULT false,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX donors_email_key ON donors (lower(email));

CREATE TABLE charities (
    id                  uuid PRIMARY KEY,
    name                text        NOT NULL,
    registration_number text        NOT NULL UNIQUE,
    webhook_url         text,
    webhook_secret      text,
    bank_account_name   text,
    sort_code           text,
    account_number      text,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE charity_balances (
    charity_id          uuid PRIMARY KEY REFERENCES charities (id),
    available_pence     bigint      NOT NULL DEFAULT 0,
    reserved_pence      bigint      NOT NULL DEFAULT 0,
    paid_out_pence      bigint      NOT NULL DEFAULT 0,
    pending_match_pence bigint      NOT NULL DEFAULT 0,
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE campaigns (
    id           uuid PRIMARY KEY,
    charity_id   uuid   NOT NULL REFERENCES charities (id),
    name         text   NOT NULL,
    target_pence bigint NOT NULL DEFAULT 0
);

CREATE TABLE campaign_totals (
    campaign_id  uuid PRIMARY KEY REFERENCES campaigns (id),
    raised_pence bigint      NOT NULL DEFAULT 0,
    donor_count  bigint      NOT NULL DEFAULT 0,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE fundraiser_pages (
    id             uuid PRIMARY KEY,
    campaign_id    uuid        NOT NULL REFERENCES campaigns (id),
    owner_donor_id uuid        NOT NULL REFERENCES donors (id),
    slug           text        NOT NULL UNIQUE,
    raised_pence   bigint      NOT NULL DEFAULT 0,
    donation_count bigint      NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now()
);
