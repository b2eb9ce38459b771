CREATE TABLE bursary_awards (
    id              text PRIMARY KEY,
    registration_id text NOT NULL,
    CONSTRAINT bursary_awards_registration_key UNIQUE (registration_id)
);

CREATE TABLE bursary_inbox (
    event_id text PRIMARY KEY
);
