-- 0005: SMS notifications, tier changes, vouchers

CREATE TABLE notifications (
    id                   bigserial PRIMARY KEY,
    member_id            uuid        NOT NULL REFERENCES members (id),
    dedup_key            text        NOT NULL,
    template             text        NOT NULL,
    phone                text        NOT NULL,
    status               text        NOT NULL DEFAULT 'sending',
    provider_message_id  text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    sent_at              timestamptz
);

CREATE UNIQUE INDEX notifications_dedup_key ON notifications (dedup_key);

CREATE TABLE tier_changes (
    id               bigserial PRIMARY KEY,
    member_id        uuid        NOT NULL REFERENCES members (id),
    from_tier        text        NOT NULL,
    to_tier          text        NOT NULL,
    qualifying_year  int         NOT NULL,
    tier_miles       bigint      NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX tier_changes_year_key ON tier_changes (member_id, qualifying_year, to_tier);

CREATE TABLE upgrade_vouchers (
    id          uuid PRIMARY KEY,
    member_id   uuid        NOT NULL REFERENCES members (id),
    code        text        NOT NULL,
    voucher_type text       NOT NULL,
    miles       bigint      NOT NULL,
    status      text        NOT NULL DEFAULT 'issued',
    valid_until date        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX upgrade_vouchers_code_key ON upgrade_vouchers (code);
