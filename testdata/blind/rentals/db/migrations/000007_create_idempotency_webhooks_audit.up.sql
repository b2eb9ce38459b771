CREATE TABLE idempotency_keys (
    scope        VARCHAR(64)  NOT NULL,
    idem_key     VARCHAR(200) NOT NULL,
    request_hash CHAR(64)     NOT NULL,
    resource_id  VARCHAR(64)  NULL,
    created_at   DATETIME(6)  NOT NULL,
    PRIMARY KEY (scope, idem_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE webhook_events (
    provider     VARCHAR(32)  NOT NULL,
    event_id     VARCHAR(128) NOT NULL,
    event_type   VARCHAR(64)  NOT NULL,
    processed_at DATETIME(6)  NOT NULL,
    PRIMARY KEY (provider, event_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

-- Append-only; one row per provider call or consumer action.
CREATE TABLE audit_log (
    id         CHAR(36)      NOT NULL,
    source     VARCHAR(32)   NOT NULL,
    action     VARCHAR(64)   NOT NULL,
    subject    VARCHAR(128)  NOT NULL,
    detail     VARCHAR(1024) NOT NULL,
    created_at DATETIME(6)   NOT NULL,
    PRIMARY KEY (id),
    KEY ix_audit_subject (subject, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
