-- Shippers, carriers, loads and bids.

CREATE TABLE shippers (
    id            uuid PRIMARY KEY,
    name          text        NOT NULL,
    contact_email text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE carriers (
    id                 uuid PRIMARY KEY,
    name               text        NOT NULL,
    mc_number          text        NOT NULL,
    dot_number         text        NOT NULL,
    dispatch_phone     text        NOT NULL DEFAULT '',
    dispatch_email     text        NOT NULL DEFAULT '',
    payee_account_id   text,
    quick_pay_enrolled boolean     NOT NULL DEFAULT false,
    auto_quick_pay     boolean     NOT NULL DEFAULT false,
    eld_vendor         text,
    eld_account_id     text,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT carriers_mc_number_key UNIQUE (mc_number),
    CONSTRAINT carriers_dot_number_key UNIQUE (dot_number)
);

CREATE TABLE loads (
    id                 uuid PRIMARY KEY,
    shipper_id         uuid        NOT NULL REFERENCES shippers (id),
    reference          text        NOT NULL DEFAULT '',
    origin_city        text        NOT NULL,
    origin_state       char(2)     NOT NULL,
    origin_postal      text        NOT NULL DEFAULT '',
    dest_city          text        NOT NULL,
    dest_state         char(2)     NOT NULL,
    dest_postal        text        NOT NULL DEFAULT '',
    pickup_at          timestamptz NOT NULL,
    deliver_by         timestamptz NOT NULL,
    equipment          text        NOT NULL,
    weight_lbs         integer     NOT NULL CHECK (weight_lbs > 0),
    target_rate_cents  bigint      NOT NULL DEFAULT 0,
    status             text        NOT NULL DEFAULT 'open',
    tender_workflow_id text,
    carrier_id         uuid REFERENCES carriers (id),
    bid_count          integer     NOT NULL DEFAULT 0,
    low_bid_cents      bigint      NOT NULL DEFAULT 0,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT loads_status_check CHECK (status IN
        ('open', 'tendering', 'covered', 'in_transit', 'delivered', 'paid', 'cancelled'))
);

CREATE INDEX loads_open_idx ON loads (equipment, created_at DESC) WHERE status = 'open';
CREATE INDEX loads_shipper_idx ON loads (shipper_id, created_at DESC);

-- Client-supplied Idempotency-Key values. resource_id is set by endpoints
-- that claim the key in the same transaction as the resource they create;
-- response/status_code by endpoints that store the response.
CREATE TABLE idempotency_keys (
    scope        text        NOT NULL,
    key          text        NOT NULL,
    request_hash text        NOT NULL DEFAULT '',
    resource_id  text,
    status_code  integer,
    response     jsonb,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE bids (
    id           uuid PRIMARY KEY,
    load_id      uuid        NOT NULL REFERENCES loads (id),
    carrier_id   uuid        NOT NULL REFERENCES carriers (id),
    amount_cents bigint      NOT NULL CHECK (amount_cents > 0),
    note         text        NOT NULL DEFAULT '',
    status       text        NOT NULL DEFAULT 'active',
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bids_load_rank_idx ON bids (load_id, amount_cents, created_at) WHERE status = 'active';
CREATE INDEX bids_carrier_idx ON bids (carrier_id, created_at DESC);

CREATE TABLE carrier_lanes (
    carrier_id     uuid        NOT NULL REFERENCES carriers (id),
    origin_state   char(2)     NOT NULL,
    dest_state     char(2)     NOT NULL,
    equipment      text        NOT NULL,
    min_rate_cents bigint      NOT NULL DEFAULT 0,
    notes          text        NOT NULL DEFAULT '',
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (carrier_id, origin_state, dest_state, equipment)
);
