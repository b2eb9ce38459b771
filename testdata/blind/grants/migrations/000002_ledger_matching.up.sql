CREATE TABLE ledger_entries (
    id           uuid        PRIMARY KEY,
    donation_id  uuid        NOT NULL REFERENCES donations (id),
    entry_kind   text        NOT NULL,
    account      text        NOT NULL,
    amount_cents bigint      NOT NULL,
    posted_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ledger_entries_donation_kind_key UNIQUE (donation_id, entry_kind)
);

CREATE TABLE matching_offers (
    id              uuid        PRIMARY KEY,
    campaign_id     uuid        NOT NULL REFERENCES campaigns (id),
    sponsor_ref     text        NOT NULL,
    cap_cents       bigint      NOT NULL,
    remaining_cents bigint      NOT NULL CHECK (remaining_cents >= 0),
    ratio_pct       int         NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT matching_offers_campaign_sponsor_key UNIQUE (campaign_id, sponsor_ref)
);

CREATE TABLE match_allocations (
    id           text        PRIMARY KEY,
    offer_id     uuid        NOT NULL REFERENCES matching_offers (id),
    donation_id  uuid        NOT NULL REFERENCES donations (id),
    amount_cents bigint      NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX match_allocations_donation_idx ON match_allocations (donation_id);

CREATE TABLE consumer_inbox (
    consumer     text        NOT NULL,
    message_id   text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, message_id)
);
