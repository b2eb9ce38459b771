-- +goose Up
CREATE TABLE referral_codes (
    code             text PRIMARY KEY,
    owner_student_id uuid NOT NULL REFERENCES students (id),
    max_uses         integer NOT NULL DEFAULT 20,
    uses             integer NOT NULL DEFAULT 0,
    referee_credits  integer NOT NULL DEFAULT 1,
    referrer_credits integer NOT NULL DEFAULT 2,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE referrals (
    id            uuid PRIMARY KEY,
    code          text NOT NULL REFERENCES referral_codes (code),
    referrer_id   uuid NOT NULL REFERENCES students (id),
    referee_id    uuid NOT NULL REFERENCES students (id),
    click_id      text NOT NULL DEFAULT '',
    status        text NOT NULL DEFAULT 'pending',
    qualified_at  timestamptz,
    reported_at   timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referrals_referee_idx ON referrals (referee_id);

CREATE TABLE referral_bonuses (
    referral_id      uuid PRIMARY KEY REFERENCES referrals (id),
    ledger_entry_id  uuid NOT NULL,
    credits          integer NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
    id                 text PRIMARY KEY,
    lesson_id          uuid REFERENCES lessons (id),
    tutor_id           uuid REFERENCES tutors (id),
    kind               text NOT NULL,
    channel            text NOT NULL,
    vendor_message_id  text NOT NULL DEFAULT '',
    status             text NOT NULL DEFAULT 'pending',
    created_at         timestamptz NOT NULL DEFAULT now(),
    sent_at            timestamptz
);
CREATE UNIQUE INDEX notifications_lesson_kind_channel_idx
    ON notifications (lesson_id, kind, channel) WHERE lesson_id IS NOT NULL;
CREATE INDEX notifications_vendor_idx ON notifications (vendor_message_id);

-- Raw delivery receipts from the messaging vendor, kept for support.
CREATE TABLE notification_events (
    id                 uuid PRIMARY KEY,
    vendor_message_id  text NOT NULL,
    status             text NOT NULL,
    payload            jsonb NOT NULL,
    received_at        timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE notification_events;
DROP TABLE notifications;
DROP TABLE referral_bonuses;
DROP TABLE referrals;
DROP TABLE referral_codes;
