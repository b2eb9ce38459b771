CREATE TABLE submit_milestones (
    id     text PRIMARY KEY,
    status text NOT NULL
);

CREATE TABLE submit_submissions (
    id           text PRIMARY KEY,
    milestone_id text NOT NULL REFERENCES submit_milestones (id),
    ref          text NOT NULL,
    status       text NOT NULL,
    UNIQUE (milestone_id, ref)
);
