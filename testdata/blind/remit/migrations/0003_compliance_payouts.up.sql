CREATE TABLE screenings (
    id                uuid PRIMARY KEY,
    transfer_id       uuid        NOT NULL UNIQUE,
    source_message_id text        NOT NULL,
    result            text        NOT NULL CHECK (result IN ('clear', 'review', 'block')),
    score             double precision NOT NULL,
    matched_lists     jsonb,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE compliance_holds (
    id          uuid PRIMARY KEY,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    transfer_id uuid NOT NULL,
    reason      text NOT NULL,
    status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'released', 'rejected')),
    placed_by   text NOT NULL,
    resolved_by text,
    notes       text
);
CREATE UNIQUE INDEX compliancehold_transfer_id_reason ON compliance_holds (transfer_id, reason);
CREATE INDEX compliancehold_status ON compliance_holds (status);

-- No uniqueness on transfer_id: reroutes and manual re-sends create further payouts.
CREATE TABLE payouts (
    id          uuid PRIMARY KEY,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    transfer_id uuid       NOT NULL,
    partner     text       NOT NULL,
    method      text       NOT NULL,
    amount      bigint     NOT NULL,
    currency    varchar(3) NOT NULL,
    status      text       NOT NULL DEFAULT 'pending',
    partner_ref text,
    attempts    integer    NOT NULL DEFAULT 0,
    last_error  text
);
CREATE INDEX payout_transfer_id ON payouts (transfer_id);
CREATE INDEX payout_partner_partner_ref ON payouts (partner, partner_ref);

CREATE TABLE payout_attempts (
    id          text PRIMARY KEY,
    payout_id   uuid        NOT NULL,
    partner     text        NOT NULL,
    outcome     text        NOT NULL,
    error       text,
    http_status integer,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payoutattempt_payout_id_created_at ON payout_attempts (payout_id, created_at);

CREATE TABLE notifications (
    id                  uuid PRIMARY KEY,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    transfer_id         uuid NOT NULL,
    template            text NOT NULL,
    phone               text NOT NULL,
    status              text NOT NULL DEFAULT 'claimed',
    provider_message_id text
);
CREATE UNIQUE INDEX notification_transfer_id_template ON notifications (transfer_id, template);

CREATE TABLE pickup_confirmations (
    id              uuid PRIMARY KEY,
    transfer_id     uuid        NOT NULL,
    payout_id       uuid        NOT NULL,
    agent_id        text        NOT NULL,
    location_id     text        NOT NULL,
    id_document_ref text        NOT NULL,
    amount          bigint      NOT NULL,
    currency        varchar(3)  NOT NULL,
    confirmed_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pickupconfirmation_transfer_id ON pickup_confirmations (transfer_id);
CREATE INDEX pickupconfirmation_agent_id_confirmed_at ON pickup_confirmations (agent_id, confirmed_at);
