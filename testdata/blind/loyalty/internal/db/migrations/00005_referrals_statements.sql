-- +goose Up
CREATE TABLE referrals (
    id          uuid PRIMARY KEY,
    referrer_id uuid        NOT NULL REFERENCES members (id),
    referee_id  uuid        NOT NULL UNIQUE REFERENCES members (id),
    code        text        NOT NULL,
    status      text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE referral_rewards (
    referral_id uuid PRIMARY KEY REFERENCES referrals (id),
    referrer_id uuid        NOT NULL REFERENCES members (id),
    points      bigint      NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE statements (
    id              text PRIMARY KEY,
    member_id       uuid        NOT NULL REFERENCES members (id),
    period          text        NOT NULL,
    opening_balance bigint      NOT NULL,
    closing_balance bigint      NOT NULL,
    earned          bigint      NOT NULL,
    redeemed        bigint      NOT NULL,
    expired         bigint      NOT NULL,
    sent_at         timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (member_id, period)
);

CREATE TABLE statement_deliveries (
    id                  bigserial PRIMARY KEY,
    statement_id        text        NOT NULL REFERENCES statements (id),
    email               text        NOT NULL,
    provider_message_id text        NOT NULL,
    sent_at             timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE statement_deliveries;
DROP TABLE statements;
DROP TABLE referral_rewards;
DROP TABLE referrals;
