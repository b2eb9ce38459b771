-- Customer deposit wallets and the ledger behind them.

CREATE TABLE wallets (
    id                        uuid PRIMARY KEY,
    phone                     text NOT NULL UNIQUE,
    display_name              text,
    balance_cents             bigint NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    sms_opt_in                boolean NOT NULL DEFAULT true,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallet_entries (
    id                        bigserial PRIMARY KEY,
    wallet_id                 uuid NOT NULL REFERENCES wallets (id),
    kind                      text NOT NULL,
    amount_cents              bigint NOT NULL,
    ref                       text NOT NULL,
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX wallet_entries_wallet_idx ON wallet_entries (wallet_id, created_at DESC);
CREATE INDEX wallet_entries_ref_idx ON wallet_entries (ref);

CREATE TABLE wallet_adjustments (
    ref                       text PRIMARY KEY,
    wallet_id                 uuid NOT NULL REFERENCES wallets (id),
    amount_cents              bigint NOT NULL,
    reason                    text NOT NULL,
    actor                     text NOT NULL,
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE donations (
    id                        uuid PRIMARY KEY,
    wallet_id                 uuid NOT NULL REFERENCES wallets (id),
    charity                   text NOT NULL,
    amount_cents              bigint NOT NULL CHECK (amount_cents > 0),
    created_at                timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX donations_wallet_idx ON donations (wallet_id);

CREATE TABLE idempotency_keys (
    scope                     text NOT NULL,
    key                       text NOT NULL,
    status_code               integer NOT NULL,
    response_body             bytea NOT NULL,
    created_at                timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE processed_messages (
    consumer                  text NOT NULL,
    msg_id                    text NOT NULL,
    processed_at              timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, msg_id)
);

CREATE TABLE notification_log (
    id                        bigserial PRIMARY KEY,
    wallet_id                 uuid NOT NULL REFERENCES wallets (id),
    channel                   text NOT NULL,
    template                  text NOT NULL,
    ref                       text NOT NULL,
    provider_msg_id           text NOT NULL,
    sent_at                   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX notification_log_ref_idx ON notification_log (ref);
