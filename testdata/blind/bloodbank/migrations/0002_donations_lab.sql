-- Collected donations and the laboratory results that release them.

CREATE TABLE donations (
    id               uuid PRIMARY KEY,
    donation_number  text        NOT NULL UNIQUE,  -- ISBT 128 donation identification number
    donor_id         uuid        NOT NULL REFERENCES donors (id),
    appointment_id   uuid        REFERENCES appointments (id),
    site_id          uuid        NOT NULL REFERENCES donation_sites (id),
    donation_type    text        NOT NULL,
    volume_ml        integer     NOT NULL,
    collected_at     timestamptz NOT NULL,
    status           text        NOT NULL DEFAULT 'quarantined'
                     CHECK (status IN ('quarantined', 'released', 'discarded')),
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lab_manifests (
    donation_number  text PRIMARY KEY REFERENCES donations (donation_number),
    lab_reference    text        NOT NULL,
    submitted_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lab_results (
    id              uuid PRIMARY KEY,
    donation_id     uuid        NOT NULL REFERENCES donations (id),
    test_code       text        NOT NULL,
    outcome         text        NOT NULL CHECK (outcome IN ('negative', 'reactive', 'invalid')),
    lab_message_id  text        NOT NULL,
    reported_at     timestamptz NOT NULL,
    received_at     timestamptz NOT NULL,
    CONSTRAINT lab_results_donation_test_key UNIQUE (donation_id, test_code)
);

CREATE TABLE deferrals (
    id              uuid PRIMARY KEY,
    donor_id        uuid        NOT NULL REFERENCES donors (id),
    donation_id     uuid        NOT NULL UNIQUE REFERENCES donations (id),
    reason          text        NOT NULL,
    deferred_until  timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);
