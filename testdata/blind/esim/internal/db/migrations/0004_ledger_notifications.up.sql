CREATE TABLE settlements (
    id           uuid PRIMARY KEY,
    reseller_id  uuid NOT NULL REFERENCES resellers (id),
    period_end   timestamptz NOT NULL,
    total_minor  bigint NOT NULL,
    currency     char(3) NOT NULL,
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commission_ledger (
    id             uuid PRIMARY KEY,
    reseller_id    uuid NOT NULL REFERENCES resellers (id),
    order_id       uuid,
    entry_type     text NOT NULL,
    amount_minor   bigint NOT NULL,
    currency       char(3) NOT NULL,
    settlement_id  uuid REFERENCES settlements (id),
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT commission_ledger_order_entry_key UNIQUE (order_id, entry_type)
);

CREATE INDEX commission_ledger_unsettled_idx ON commission_ledger (reseller_id) WHERE settlement_id IS NULL;

CREATE TABLE notifications (
    id          uuid PRIMARY KEY,
    kind        text NOT NULL,
    subject_id  text NOT NULL,
    channel     text NOT NULL,
    status      text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz,
    CONSTRAINT notifications_kind_subject_key UNIQUE (kind, subject_id)
);

CREATE TABLE callback_inbox (
    handler       text NOT NULL,
    event_id      text NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (handler, event_id)
);
