CREATE TABLE reminder_deliveries (
    job_id        bigint      NOT NULL,
    member_id     uuid        NOT NULL REFERENCES members (id),
    vanpool_id    uuid        NOT NULL REFERENCES vanpools (id),
    ride_date     date        NOT NULL,
    status        text        NOT NULL DEFAULT 'sending',
    provider_message_id text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (job_id, member_id)
);

CREATE TABLE broadcasts (
    id             uuid PRIMARY KEY,
    vanpool_id     uuid        NOT NULL REFERENCES vanpools (id),
    sent_by        text        NOT NULL,
    body           text        NOT NULL,
    recipients     integer     NOT NULL,
    failed         integer     NOT NULL DEFAULT 0,
    created_at     timestamptz NOT NULL DEFAULT now()
);
