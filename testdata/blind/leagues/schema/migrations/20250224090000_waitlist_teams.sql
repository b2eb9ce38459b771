-- Waitlists, teams and team assignments.

CREATE TABLE waitlist_entries (
    id                        text        PRIMARY KEY,
    season_id                 uuid        NOT NULL REFERENCES seasons (id),
    division_id               uuid        NOT NULL REFERENCES divisions (id),
    child_id                  uuid        NOT NULL REFERENCES children (id),
    household_id              uuid        NOT NULL REFERENCES households (id),
    status                    text        NOT NULL DEFAULT 'waiting',
    joined_at                 timestamptz NOT NULL DEFAULT now(),
    promoted_at               timestamptz,
    promoted_registration_id  uuid,
    updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX waitlist_entries_queue_idx ON waitlist_entries (division_id, status, joined_at);

CREATE TABLE coaches (
    id               uuid        PRIMARY KEY,
    email            text        NOT NULL,
    first_name       text        NOT NULL,
    last_name        text        NOT NULL,
    phone            text        NOT NULL DEFAULT '',
    cleared_through  date,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX coaches_email_key ON coaches (email);

CREATE TABLE teams (
    id           uuid        PRIMARY KEY,
    division_id  uuid        NOT NULL REFERENCES divisions (id),
    name         text        NOT NULL,
    color        text        NOT NULL DEFAULT '',
    coach_id     uuid        REFERENCES coaches (id),
    created_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT teams_division_name_key UNIQUE (division_id, name)
);

CREATE TABLE team_assignments (
    id               uuid        PRIMARY KEY,
    team_id          uuid        NOT NULL REFERENCES teams (id),
    division_id      uuid        NOT NULL REFERENCES divisions (id),
    registration_id  uuid        NOT NULL REFERENCES registrations (id),
    jersey_number    integer,
    assigned_by      text        NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    -- A player is on exactly one team.
    CONSTRAINT team_assignments_registration_key UNIQUE (registration_id)
);
CREATE INDEX team_assignments_team_idx ON team_assignments (team_id);
