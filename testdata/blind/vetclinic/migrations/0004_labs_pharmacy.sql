-- Reference-lab orders/results and pharmacy refills.

CREATE TABLE lab_orders (
    id                  uuid PRIMARY KEY,
    appointment_id      uuid        NOT NULL REFERENCES appointments (id),
    pet_id              uuid        NOT NULL REFERENCES pets (id),
    clinic_id           uuid        NOT NULL REFERENCES clinics (id),
    ordered_by          uuid        NOT NULL REFERENCES vets (id),
    tests               text[]      NOT NULL,
    priority            text        NOT NULL DEFAULT 'routine',
    status              text        NOT NULL DEFAULT 'pending',
    lab_status          text,
    requisition_id      text,
    submitted_at        timestamptz,
    last_polled_at      timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX lab_orders_requisition_key
    ON lab_orders (requisition_id) WHERE requisition_id IS NOT NULL;

CREATE TABLE lab_order_addons (
    id            uuid PRIMARY KEY,
    lab_order_id  uuid        NOT NULL REFERENCES lab_orders (id),
    test_code     text        NOT NULL,
    added_by      uuid        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT lab_order_addons_test_key UNIQUE (lab_order_id, test_code)
);

CREATE TABLE lab_results (
    id             uuid PRIMARY KEY,
    lab_result_id  text        NOT NULL,
    lab_order_id   uuid        NOT NULL REFERENCES lab_orders (id),
    status         text        NOT NULL,
    abnormal       boolean     NOT NULL DEFAULT false,
    payload        jsonb       NOT NULL,
    received_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT lab_results_lab_result_key UNIQUE (lab_result_id)
);

CREATE TABLE prescriptions (
    id                 uuid PRIMARY KEY,
    pet_id             uuid        NOT NULL REFERENCES pets (id),
    owner_id           uuid        NOT NULL REFERENCES owners (id),
    clinic_id          uuid        NOT NULL REFERENCES clinics (id),
    prescribed_by      uuid        NOT NULL REFERENCES vets (id),
    drug_name          text        NOT NULL,
    ndc                text        NOT NULL,
    sig                text        NOT NULL,
    quantity           integer     NOT NULL,
    refills_remaining  integer     NOT NULL,
    preferred_partner  text        NOT NULL,
    fallback_partner   text,
    expires_at         timestamptz NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT prescriptions_refills_check CHECK (refills_remaining >= 0)
);

CREATE TABLE refill_requests (
    id                text PRIMARY KEY,
    prescription_id   uuid        NOT NULL REFERENCES prescriptions (id),
    owner_id          uuid        NOT NULL REFERENCES owners (id),
    quantity          integer     NOT NULL,
    delivery          text        NOT NULL DEFAULT 'ship',
    notes             text        NOT NULL DEFAULT '',
    status            text        NOT NULL DEFAULT 'requested',
    partner           text,
    partner_order_id  text,
    routed_at         timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refill_requests_prescription_idx ON refill_requests (prescription_id);

CREATE TABLE refill_fulfillments (
    id                 uuid PRIMARY KEY,
    refill_request_id  text        NOT NULL REFERENCES refill_requests (id),
    dispense_id        text        NOT NULL,
    partner            text        NOT NULL,
    quantity           integer     NOT NULL,
    dispensed_at       timestamptz NOT NULL,
    carrier            text,
    tracking_number    text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT refill_fulfillments_dispense_key UNIQUE (dispense_id)
);
