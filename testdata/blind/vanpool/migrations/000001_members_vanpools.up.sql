CREATE TABLE members (
    id              uuid PRIMARY KEY,
    employee_id     text        NOT NULL,
    email           text        NOT NULL,
    full_name       text        NOT NULL,
    phone_e164      text,
    home_site       text        NOT NULL,
    payroll_worker_id text      NOT NULL,
    is_driver       boolean     NOT NULL DEFAULT false,
    status          text        NOT NULL DEFAULT 'active',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT members_employee_id_key UNIQUE (employee_id),
    CONSTRAINT members_status_check CHECK (status IN ('active', 'suspended', 'offboarded'))
);

CREATE TABLE vanpools (
    id                 uuid PRIMARY KEY,
    name               text        NOT NULL,
    origin             text        NOT NULL,
    destination        text        NOT NULL,
    capacity           integer     NOT NULL CHECK (capacity BETWEEN 4 AND 15),
    seats_taken        integer     NOT NULL DEFAULT 0,
    monthly_fare_cents bigint      NOT NULL CHECK (monthly_fare_cents >= 0),
    driver_member_id   uuid REFERENCES members (id),
    lease_id           uuid,
    status             text        NOT NULL DEFAULT 'forming',
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT vanpools_seats_check CHECK (seats_taken >= 0 AND seats_taken <= capacity)
);

CREATE TABLE vanpool_riders (
    id          uuid PRIMARY KEY,
    vanpool_id  uuid        NOT NULL REFERENCES vanpools (id),
    member_id   uuid        NOT NULL REFERENCES members (id),
    role        text        NOT NULL DEFAULT 'rider',
    status      text        NOT NULL DEFAULT 'active',
    joined_on   date        NOT NULL,
    left_on     date,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A member can only hold one active seat in a given van at a time.
CREATE UNIQUE INDEX vanpool_riders_active_key
    ON vanpool_riders (vanpool_id, member_id)
    WHERE status = 'active';

CREATE INDEX vanpool_riders_member_idx ON vanpool_riders (member_id);

CREATE TABLE idempotency_keys (
    scope          text        NOT NULL,
    key            text        NOT NULL,
    request_hash   text        NOT NULL,
    status_code    integer,
    response_body  jsonb,
    created_at     timestamptz NOT NULL DEFAULT now(),
    completed_at   timestamptz,
    PRIMARY KEY (scope, key)
);
