CREATE TABLE idempotency_keys (
    scope           VARCHAR(128) NOT NULL,
    idem_key        VARCHAR(128) NOT NULL,
    request_hash    VARCHAR(64)  NOT NULL,
    resource_id     VARCHAR(64)  NULL,
    response_status INT          NULL,
    response_body   MEDIUMBLOB   NULL,
    created_at      DATETIME(6)  NOT NULL,
    PRIMARY KEY (scope, idem_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE card_payments (
    id                 VARCHAR(40)  NOT NULL PRIMARY KEY,
    account_id         CHAR(36)     NOT NULL,
    bill_id            CHAR(36)     NOT NULL,
    amount_cents       BIGINT       NOT NULL,
    currency           CHAR(3)      NOT NULL,
    status             VARCHAR(32)  NOT NULL,
    gateway_payment_id VARCHAR(64)  NULL,
    created_at         DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_card_gateway_id (gateway_payment_id),
    KEY idx_card_bill (bill_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Append-only log of every call made to the gateway, for support.
CREATE TABLE payment_attempts (
    id           CHAR(27)     NOT NULL PRIMARY KEY,
    payment_id   VARCHAR(40)  NOT NULL,
    outcome      VARCHAR(32)  NOT NULL,
    detail       VARCHAR(500) NOT NULL,
    attempted_at DATETIME(6)  NOT NULL,
    KEY idx_attempts_payment (payment_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE prepaid_topups (
    id                 CHAR(36)    NOT NULL PRIMARY KEY,
    meter_id           CHAR(36)    NOT NULL,
    amount_cents       BIGINT      NOT NULL,
    gateway_payment_id VARCHAR(64) NOT NULL,
    status             VARCHAR(32) NOT NULL,
    created_at         DATETIME(6) NOT NULL,
    KEY idx_topups_meter (meter_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE refunds (
    id                CHAR(36)     NOT NULL PRIMARY KEY,
    payment_id        VARCHAR(40)  NOT NULL,
    amount_cents      BIGINT       NOT NULL,
    gateway_refund_id VARCHAR(64)  NOT NULL,
    reason            VARCHAR(255) NOT NULL,
    created_at        DATETIME(6)  NOT NULL,
    KEY idx_refunds_payment (payment_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE inbox_events (
    source      VARCHAR(32)  NOT NULL,
    event_id    VARCHAR(128) NOT NULL,
    received_at DATETIME(6)  NOT NULL,
    PRIMARY KEY (source, event_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
