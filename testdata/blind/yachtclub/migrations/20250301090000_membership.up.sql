CREATE TABLE membership_applications (
    id                text PRIMARY KEY,
    submission_token  text        NOT NULL,
    applicant_name    text        NOT NULL,
    email             text        NOT NULL,
    phone             text        NOT NULL DEFAULT '',
    boat_name         text        NOT NULL DEFAULT '',
    boat_length_ft    integer     NOT NULL DEFAULT 0,
    membership_class  text        NOT NULL,
    status            text        NOT NULL DEFAULT 'submitted',
    sponsor_count     integer     NOT NULL DEFAULT 0,
    decision_note     text,
    member_id         text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    decided_at        timestamptz,
    CONSTRAINT membership_applications_submission_token_key UNIQUE (submission_token)
);

--bun:split

CREATE SEQUENCE member_number_seq START 1001;

CREATE TABLE members (
    id                 text PRIMARY KEY,
    application_id     text REFERENCES membership_applications (id),
    member_number      bigint      NOT NULL DEFAULT nextval('member_number_seq'),
    name               text        NOT NULL,
    email              text        NOT NULL,
    phone              text        NOT NULL DEFAULT '',
    membership_class   text        NOT NULL,
    stripe_customer_id text,
    status             text        NOT NULL DEFAULT 'active',
    joined_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT members_member_number_key UNIQUE (member_number),
    CONSTRAINT members_application_id_key UNIQUE (application_id),
    CONSTRAINT members_stripe_customer_id_key UNIQUE (stripe_customer_id)
);

CREATE INDEX members_email_idx ON members (lower(email));

--bun:split

CREATE TABLE sponsor_approvals (
    id                 text PRIMARY KEY,
    application_id     text        NOT NULL REFERENCES membership_applications (id),
    sponsor_member_id  text        NOT NULL REFERENCES members (id),
    note               text,
    approved_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT sponsor_approvals_application_sponsor_key UNIQUE (application_id, sponsor_member_id)
);

--bun:split

CREATE TABLE member_accounts (
    member_id           text PRIMARY KEY REFERENCES members (id),
    balance_cents       bigint      NOT NULL DEFAULT 0,
    credit_limit_cents  bigint      NOT NULL DEFAULT 250000,
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_transactions (
    id            text PRIMARY KEY,
    member_id     text        NOT NULL REFERENCES members (id),
    kind          text        NOT NULL,
    amount_cents  bigint      NOT NULL,
    description   text        NOT NULL DEFAULT '',
    reference     text,
    posted_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_transactions_member_posted_idx ON account_transactions (member_id, posted_at);

--bun:split

CREATE TABLE idempotency_keys (
    scope         text        NOT NULL,
    key           text        NOT NULL,
    response      jsonb,
    created_at    timestamptz NOT NULL DEFAULT now(),
    completed_at  timestamptz,
    PRIMARY KEY (scope, key)
);
