-- Flight-status feed state and parametric delay claims.

CREATE TABLE flight_statuses (
    flight_id           text PRIMARY KEY,
    carrier             text NOT NULL,
    number              text NOT NULL,
    scheduled_departure timestamptz NOT NULL,
    scheduled_arrival   timestamptz NOT NULL,
    actual_arrival      timestamptz,
    status              text NOT NULL,
    delay_minutes       integer NOT NULL DEFAULT 0,
    last_event_id       text NOT NULL,
    last_event_at       timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE parametric_claims (
    id              uuid PRIMARY KEY,
    policy_id       uuid NOT NULL REFERENCES policies (id),
    flight_id       text NOT NULL,
    delay_minutes   integer NOT NULL,
    amount_minor    bigint NOT NULL CHECK (amount_minor > 0),
    currency        char(3) NOT NULL,
    source_event_id text NOT NULL,
    status          text NOT NULL CHECK (status IN ('pending', 'settled')),
    settled_at      timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX parametric_claims_policy_idx ON parametric_claims (policy_id, flight_id);

ALTER TABLE payouts
    ADD CONSTRAINT payouts_parametric_claim_fk FOREIGN KEY (parametric_claim_id) REFERENCES parametric_claims (id);

CREATE TABLE processed_messages (
    consumer     text NOT NULL,
    message_id   text NOT NULL,
    processed_at timestamptz NOT NULL,
    PRIMARY KEY (consumer, message_id)
);
