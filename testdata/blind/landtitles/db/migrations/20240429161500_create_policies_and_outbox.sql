-- migrate:up
CREATE TABLE title_policies (
    id              CHAR(27)    NOT NULL,
    order_id        CHAR(27)    NOT NULL,
    policy_number   VARCHAR(48) NOT NULL,
    policy_type     VARCHAR(24) NOT NULL,
    liability_cents BIGINT      NOT NULL,
    premium_cents   BIGINT      NOT NULL,
    issued_at       DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_title_policies_order_type (order_id, policy_type),
    UNIQUE KEY uq_title_policies_number (policy_number)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE outbox_events (
    id           CHAR(27)     NOT NULL,
    topic        VARCHAR(96)  NOT NULL,
    event_key    VARCHAR(96)  NOT NULL,
    payload      JSON         NOT NULL,
    created_at   DATETIME(6)  NOT NULL,
    published_at DATETIME(6)  NULL,
    PRIMARY KEY (id),
    KEY ix_outbox_unpublished (published_at, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE outbox_events;
DROP TABLE title_policies;
