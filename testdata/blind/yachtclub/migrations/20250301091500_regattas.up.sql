CREATE TABLE regattas (
    id                text PRIMARY KEY,
    name              text        NOT NULL,
    starts_on         date        NOT NULL,
    entry_fee_cents   bigint      NOT NULL DEFAULT 0,
    entries_close_at  timestamptz NOT NULL,
    max_entries       integer     NOT NULL DEFAULT 0,
    status            text        NOT NULL DEFAULT 'open'
);

--bun:split

CREATE TABLE regatta_entries (
    id            text PRIMARY KEY,
    regatta_id    text        NOT NULL REFERENCES regattas (id),
    member_id     text        NOT NULL REFERENCES members (id),
    boat_name     text        NOT NULL,
    sail_number   text        NOT NULL,
    division      text        NOT NULL DEFAULT '',
    phrf_rating   integer     NOT NULL DEFAULT 0,
    crew_count    integer     NOT NULL DEFAULT 1,
    status        text        NOT NULL DEFAULT 'entered',
    created_at    timestamptz NOT NULL DEFAULT now(),
    withdrawn_at  timestamptz
);

CREATE INDEX regatta_entries_regatta_idx ON regatta_entries (regatta_id, status);

--bun:split

CREATE TABLE regatta_results (
    regatta_id         text        NOT NULL REFERENCES regattas (id),
    entry_id           text        NOT NULL REFERENCES regatta_entries (id),
    race_number        integer     NOT NULL,
    finish_seconds     integer     NOT NULL DEFAULT 0,
    corrected_seconds  integer     NOT NULL DEFAULT 0,
    place              integer     NOT NULL DEFAULT 0,
    code               text,
    scored_at          timestamptz NOT NULL,
    PRIMARY KEY (regatta_id, entry_id, race_number)
);
