-- Donor loyalty points and partner-issued reward vouchers.

CREATE TABLE reward_ledger (
    id          uuid PRIMARY KEY,
    donor_id    uuid        NOT NULL REFERENCES donors (id),
    points      integer     NOT NULL,
    reason      text        NOT NULL,
    source_ref  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_events (
    consumer      text        NOT NULL,
    message_id    text        NOT NULL,
    processed_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);

CREATE TABLE vouchers (
    id                    uuid PRIMARY KEY,
    donor_id              uuid        NOT NULL REFERENCES donors (id),
    milestone             integer     NOT NULL,
    status                text        NOT NULL DEFAULT 'pending'
                          CHECK (status IN ('pending', 'issued', 'redeemed', 'expired')),
    partner_voucher_code  text,
    issued_at             timestamptz,
    redeemed_at           timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT vouchers_donor_milestone_key UNIQUE (donor_id, milestone)
);

CREATE TABLE voucher_events (
    partner_event_id  text PRIMARY KEY,
    voucher_id        uuid        NOT NULL REFERENCES vouchers (id),
    kind              text        NOT NULL,
    occurred_at       timestamptz NOT NULL,
    payload           jsonb       NOT NULL
);
