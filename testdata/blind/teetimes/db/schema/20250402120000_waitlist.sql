-- Waitlist for full tee sheets. Entries are ordered by created_at; a freed
-- slot is offered to one entry at a time.

CREATE TABLE waitlist_entries (
    id           text PRIMARY KEY,
    member_id    text        NOT NULL REFERENCES members (id),
    course_id    text        NOT NULL REFERENCES courses (id),
    play_date    date        NOT NULL,
    window_start text        NOT NULL,
    window_end   text        NOT NULL,
    players      integer     NOT NULL CHECK (players BETWEEN 1 AND 4),
    status       text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX waitlist_entries_queue_idx ON waitlist_entries (course_id, play_date, status, created_at);

CREATE TABLE waitlist_offers (
    id          text PRIMARY KEY,
    entry_id    text        NOT NULL REFERENCES waitlist_entries (id),
    tee_time_id text        NOT NULL REFERENCES tee_times (id),
    member_id   text        NOT NULL REFERENCES members (id),
    players     integer     NOT NULL,
    status      text        NOT NULL,
    expires_at  timestamptz NOT NULL,
    accepted_at timestamptz,
    booking_id  text REFERENCES bookings (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT waitlist_offers_entry_tee_time_key UNIQUE (entry_id, tee_time_id)
);

CREATE INDEX waitlist_offers_open_idx ON waitlist_offers (tee_time_id) WHERE status = 'offered';
