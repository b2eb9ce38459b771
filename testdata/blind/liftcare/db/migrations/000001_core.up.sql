CREATE TABLE buildings (
    id           uuid PRIMARY KEY,
    name         text NOT NULL,
    address      text NOT NULL,
    owner_name   text NOT NULL,
    owner_email  text NOT NULL,
    site_phone   text,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lifts (
    id             uuid PRIMARY KEY,
    building_id    uuid NOT NULL REFERENCES buildings (id),
    kind           text NOT NULL CHECK (kind IN ('elevator', 'escalator')),
    serial_no      text NOT NULL UNIQUE,
    controller_id  text UNIQUE,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE technicians (
    id          uuid PRIMARY KEY,
    full_name   text NOT NULL,
    phone       text NOT NULL,
    region      text NOT NULL,
    on_call     boolean NOT NULL DEFAULT false
);

CREATE TABLE contracts (
    id                 uuid PRIMARY KEY,
    building_id        uuid NOT NULL REFERENCES buildings (id),
    tier               text NOT NULL,
    monthly_fee_cents  bigint NOT NULL,
    starts_on          date NOT NULL,
    ends_on            date NOT NULL,
    status             text NOT NULL DEFAULT 'draft',
    updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contract_charges (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    contract_id   uuid NOT NULL REFERENCES contracts (id),
    kind          text NOT NULL,
    amount_cents  bigint NOT NULL,
    period        text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE callouts (
    id             uuid PRIMARY KEY,
    lift_id        uuid NOT NULL REFERENCES lifts (id),
    source         text NOT NULL,
    fault_id       uuid,
    description    text NOT NULL,
    priority       int NOT NULL DEFAULT 3,
    status         text NOT NULL DEFAULT 'open',
    technician_id  uuid REFERENCES technicians (id),
    reported_at    timestamptz NOT NULL,
    assigned_at    timestamptz,
    completed_at   timestamptz,
    announced_at   timestamptz
);

CREATE INDEX callouts_lift_status_idx ON callouts (lift_id, status);

CREATE TABLE callout_labour (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    callout_id     uuid NOT NULL REFERENCES callouts (id),
    technician_id  uuid NOT NULL REFERENCES technicians (id),
    minutes        int NOT NULL,
    amount_cents   bigint NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE service_visits (
    id            text PRIMARY KEY,
    contract_id   uuid NOT NULL REFERENCES contracts (id),
    lift_id       uuid NOT NULL REFERENCES lifts (id),
    planned_for   date NOT NULL,
    status        text NOT NULL DEFAULT 'planned'
);

CREATE TABLE inspection_visits (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    lift_id                uuid NOT NULL REFERENCES lifts (id),
    contract_id            uuid NOT NULL REFERENCES contracts (id),
    due_on                 date NOT NULL,
    status                 text NOT NULL DEFAULT 'scheduled',
    result                 text,
    authority_booking_ref  text,
    inspector_slot         timestamptz,
    UNIQUE (lift_id, due_on)
);
