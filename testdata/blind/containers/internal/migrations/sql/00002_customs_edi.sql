-- +goose Up
CREATE TABLE customs_event_claims (
    broker_event_id text PRIMARY KEY,
    event_type      text NOT NULL,
    received_at     timestamptz NOT NULL
);

CREATE TABLE customs_holds (
    id              uuid PRIMARY KEY,
    container_no    text NOT NULL,
    declaration_no  text NOT NULL,
    hold_type       text NOT NULL,
    authority       text NOT NULL,
    broker_event_id text NOT NULL,
    status          text NOT NULL,
    placed_at       timestamptz NOT NULL,
    released_at     timestamptz
);
CREATE INDEX customs_holds_container_idx ON customs_holds (container_no, status);

CREATE TABLE booking_orders (
    id           uuid PRIMARY KEY,
    line_code    text NOT NULL,
    message_ref  text NOT NULL,
    booking_ref  text NOT NULL,
    container_no text NOT NULL,
    iso_type     text NOT NULL,
    order_type   text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT booking_orders_msg_uq UNIQUE (line_code, message_ref, container_no)
);

CREATE TABLE edi_outbox (
    id           bigserial PRIMARY KEY,
    dedup_key    text NOT NULL UNIQUE,
    message_type text NOT NULL,
    line_code    text NOT NULL,
    payload      jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    relayed_at   timestamptz
);
CREATE INDEX edi_outbox_pending_idx ON edi_outbox (id) WHERE relayed_at IS NULL;

CREATE TABLE edi_messages (
    id           text PRIMARY KEY,
    message_type text NOT NULL,
    line_code    text NOT NULL,
    payload      jsonb NOT NULL,
    status       text NOT NULL,
    partner_ref  text,
    delivered_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE edi_delivery_attempts (
    id          uuid PRIMARY KEY,
    message_id  text NOT NULL REFERENCES edi_messages (id),
    attempt_at  timestamptz NOT NULL,
    status_code integer NOT NULL,
    error       text NOT NULL DEFAULT ''
);

-- +goose Down
DROP TABLE edi_delivery_attempts;
DROP TABLE edi_messages;
DROP TABLE edi_outbox;
DROP TABLE booking_orders;
DROP TABLE customs_holds;
DROP TABLE customs_event_claims;
