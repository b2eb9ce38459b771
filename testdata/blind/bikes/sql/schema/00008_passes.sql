-- +goose Up
CREATE TABLE pass_plans (
    code          text PRIMARY KEY,
    name          text    NOT NULL,
    price_cents   bigint  NOT NULL,
    duration_days integer NOT NULL,
    free_minutes  integer NOT NULL DEFAULT 45,
    active        boolean NOT NULL DEFAULT true
);

CREATE TABLE passes (
    id                 uuid PRIMARY KEY,
    rider_id           uuid        NOT NULL REFERENCES riders (id),
    plan_code          text        NOT NULL REFERENCES pass_plans (code),
    status             text        NOT NULL DEFAULT 'active',
    auto_renew         boolean     NOT NULL DEFAULT false,
    starts_at          timestamptz NOT NULL,
    expires_at         timestamptz NOT NULL,
    payment_intent_id  text,
    price_cents        bigint      NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    cancelled_at       timestamptz
);

CREATE INDEX passes_rider_idx ON passes (rider_id, expires_at DESC);
CREATE INDEX passes_renewal_idx ON passes (expires_at) WHERE status = 'active' AND auto_renew;

-- +goose Down
DROP TABLE passes;
DROP TABLE pass_plans;
