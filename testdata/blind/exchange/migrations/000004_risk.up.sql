CREATE TABLE risk_holds (
    id          text PRIMARY KEY,
    user_id     text        NOT NULL,
    account_id  text        NOT NULL REFERENCES accounts (id),
    amount      bigint      NOT NULL CHECK (amount > 0),
    reason      text,
    released_at timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE review_cases (
    id           text PRIMARY KEY,
    deposit_id   text        NOT NULL,
    deposit_kind text        NOT NULL,
    reason       text        NOT NULL,
    score        double precision NOT NULL,
    status       text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX review_cases_deposit_idx ON review_cases (deposit_id);
