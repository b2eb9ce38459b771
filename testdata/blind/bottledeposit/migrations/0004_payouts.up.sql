-- Payouts from wallets to bank accounts or e-wallets.

CREATE TABLE payout_accounts (
    id                        text PRIMARY KEY,
    wallet_id                 uuid NOT NULL REFERENCES wallets (id),
    rail                      text NOT NULL CHECK (rail IN ('bank', 'ewallet')),
    destination               text NOT NULL,
    holder_name               text NOT NULL,
    created_at                timestamptz NOT NULL DEFAULT now(),
    UNIQUE (wallet_id, rail, destination)
);

CREATE TABLE payouts (
    id                        uuid PRIMARY KEY,
    wallet_id                 uuid NOT NULL REFERENCES wallets (id),
    account_id                text NOT NULL REFERENCES payout_accounts (id),
    rail                      text NOT NULL,
    amount_cents              bigint NOT NULL CHECK (amount_cents > 0),
    client_request_id         text NOT NULL,
    status                    text NOT NULL DEFAULT 'pending',
    attempt                   integer NOT NULL DEFAULT 1,
    provider_ref              text,
    failure_reason            text,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now(),
    UNIQUE (wallet_id, client_request_id)
);

CREATE INDEX payouts_status_idx ON payouts (status, updated_at);
CREATE UNIQUE INDEX payouts_provider_ref_idx ON payouts (rail, provider_ref) WHERE provider_ref IS NOT NULL;

CREATE TABLE webhook_inbox (
    provider                  text NOT NULL,
    event_id                  text NOT NULL,
    event_type                text NOT NULL,
    received_at               timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);

CREATE TABLE bank_returns (
    return_id                 text PRIMARY KEY,
    payout_id                 uuid NOT NULL REFERENCES payouts (id),
    amount_cents              bigint NOT NULL,
    reason_code               text NOT NULL,
    returned_at               timestamptz NOT NULL
);
