CREATE TABLE berths (
    id                text PRIMARY KEY,
    dock              text    NOT NULL,
    slip              integer NOT NULL,
    berth_class       text    NOT NULL,
    max_loa_ft        integer NOT NULL,
    annual_fee_cents  bigint  NOT NULL,
    status            text    NOT NULL DEFAULT 'available',
    CONSTRAINT berths_dock_slip_key UNIQUE (dock, slip)
);

--bun:split

CREATE TABLE berth_assignments (
    id          text PRIMARY KEY,
    berth_id    text        NOT NULL REFERENCES berths (id),
    member_id   text        NOT NULL REFERENCES members (id),
    boat_name   text        NOT NULL DEFAULT '',
    starts_on   date        NOT NULL,
    ends_on     date,
    status      text        NOT NULL DEFAULT 'active',
    source      text        NOT NULL DEFAULT 'office',
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A berth has at most one live tenant.
CREATE UNIQUE INDEX berth_assignments_active_berth_key
    ON berth_assignments (berth_id) WHERE status = 'active';

--bun:split

CREATE TABLE waitlist_entries (
    id                text PRIMARY KEY,
    member_id         text        NOT NULL REFERENCES members (id),
    berth_class       text        NOT NULL,
    boat_name         text        NOT NULL DEFAULT '',
    boat_loa_ft       integer     NOT NULL,
    status            text        NOT NULL DEFAULT 'waiting',
    offered_berth_id  text REFERENCES berths (id),
    offer_expires_at  timestamptz,
    joined_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT waitlist_entries_member_class_key UNIQUE (member_id, berth_class)
);

CREATE INDEX waitlist_entries_queue_idx ON waitlist_entries (berth_class, status, joined_at);
