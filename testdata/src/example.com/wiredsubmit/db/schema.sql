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

CREATE TABLE submit_lines (
    submission_ref text NOT NULL,
    line_no        int NOT NULL,
    PRIMARY KEY (submission_ref, line_no)
);
