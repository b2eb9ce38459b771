-- +goose Up
CREATE TABLE topups (
    id                uuid PRIMARY KEY,
    member_id         uuid        NOT NULL REFERENCES members (id),
    amount_cents      bigint      NOT NULL,
    currency          text        NOT NULL,
    points            bigint      NOT NULL,
    payment_intent_id text UNIQUE,
    status            text        NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_events (
    event_id    text PRIMARY KEY,
    type        text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gift_card_requests (
    id               uuid PRIMARY KEY,
    member_id        uuid        NOT NULL REFERENCES members (id),
    idempotency_key  text        NOT NULL,
    amount_cents     bigint      NOT NULL,
    currency         text        NOT NULL,
    points           bigint      NOT NULL,
    recipient_email  text        NOT NULL,
    status           text        NOT NULL,
    provider_card_id text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (member_id, idempotency_key)
);

-- Append-only log of provider calls, one row per attempt.
CREATE TABLE gift_card_attempts (
    id           text PRIMARY KEY,
    request_id   uuid        NOT NULL REFERENCES gift_card_requests (id),
    attempt      integer     NOT NULL,
    outcome      text        NOT NULL,
    attempted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gift_cards (
    request_id       uuid PRIMARY KEY REFERENCES gift_card_requests (id),
    provider_card_id text        NOT NULL,
    masked_code      text        NOT NULL,
    balance_cents    bigint      NOT NULL,
    reissue_count    integer     NOT NULL DEFAULT 0,
    issued_at        timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE gift_cards;
DROP TABLE gift_card_attempts;
DROP TABLE gift_card_requests;
DROP TABLE stripe_events;
DROP TABLE topups;
