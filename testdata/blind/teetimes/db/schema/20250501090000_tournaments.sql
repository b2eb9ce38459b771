-- Tournaments, entries and prize payouts.

CREATE TABLE tournaments (
    id               text PRIMARY KEY,
    course_id        text        NOT NULL REFERENCES courses (id),
    name             text        NOT NULL,
    starts_at        timestamptz NOT NULL,
    entry_fee_cents  bigint      NOT NULL,
    field_size       integer     NOT NULL,
    prize_pool_cents bigint      NOT NULL DEFAULT 0,
    currency         text        NOT NULL,
    status           text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tournament_entries (
    id                text PRIMARY KEY,
    tournament_id     text          NOT NULL REFERENCES tournaments (id),
    member_id         text          NOT NULL REFERENCES members (id),
    handicap          numeric(4, 1) NOT NULL,
    fee_cents         bigint        NOT NULL,
    status            text          NOT NULL,
    payment_intent_id text,
    created_at        timestamptz   NOT NULL DEFAULT now(),
    updated_at        timestamptz   NOT NULL DEFAULT now(),
    CONSTRAINT tournament_entries_member_key UNIQUE (tournament_id, member_id)
);

CREATE TABLE prize_awards (
    id            text PRIMARY KEY,
    tournament_id text        NOT NULL REFERENCES tournaments (id),
    position      integer     NOT NULL CHECK (position > 0),
    member_id     text        NOT NULL REFERENCES members (id),
    amount_cents  bigint      NOT NULL CHECK (amount_cents > 0),
    currency      text        NOT NULL,
    status        text        NOT NULL,
    transfer_id   text,
    paid_at       timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT prize_awards_position_key UNIQUE (tournament_id, position)
);

CREATE TABLE transfer_attempts (
    id           text PRIMARY KEY,
    subject_type text        NOT NULL,
    subject_id   text        NOT NULL,
    attempt      integer     NOT NULL,
    outcome      text        NOT NULL,
    error        text        NOT NULL DEFAULT '',
    transfer_id  text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX transfer_attempts_subject_idx ON transfer_attempts (subject_type, subject_id);
