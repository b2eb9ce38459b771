CREATE TABLE billing_runs (
    id           CHAR(27)     NOT NULL PRIMARY KEY,
    period_start DATE         NOT NULL,
    period_end   DATE         NOT NULL,
    status       VARCHAR(32)  NOT NULL,
    requested_by VARCHAR(128) NOT NULL,
    created_at   DATETIME(6)  NOT NULL,
    KEY idx_billing_runs_period (period_start, period_end)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE bills (
    id                CHAR(36)    NOT NULL PRIMARY KEY,
    account_id        CHAR(36)    NOT NULL,
    billing_run_id    CHAR(27)    NOT NULL,
    period_start      DATE        NOT NULL,
    period_end        DATE        NOT NULL,
    amount_due_cents  BIGINT      NOT NULL,
    amount_paid_cents BIGINT      NOT NULL DEFAULT 0,
    status            VARCHAR(32) NOT NULL,
    issued_at         DATETIME(6) NULL,
    due_at            DATE        NOT NULL,
    UNIQUE KEY uq_bill_period (account_id, period_start),
    KEY idx_bills_status (account_id, status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE bill_lines (
    bill_id      CHAR(36)      NOT NULL,
    line_no      INT           NOT NULL,
    description  VARCHAR(255)  NOT NULL,
    quantity     DECIMAL(14,3) NOT NULL,
    unit_cents   BIGINT        NOT NULL,
    amount_cents BIGINT        NOT NULL,
    PRIMARY KEY (bill_id, line_no),
    CONSTRAINT fk_line_bill FOREIGN KEY (bill_id) REFERENCES bills (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE bill_adjustments (
    adjustment_ref VARCHAR(64)  NOT NULL PRIMARY KEY,
    bill_id        CHAR(36)     NOT NULL,
    amount_cents   BIGINT       NOT NULL,
    reason         VARCHAR(255) NOT NULL,
    created_at     DATETIME(6)  NOT NULL,
    KEY idx_adjustments_bill (bill_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE account_credits (
    id           CHAR(36)     NOT NULL PRIMARY KEY,
    account_id   CHAR(36)     NOT NULL,
    amount_cents BIGINT       NOT NULL,
    reason       VARCHAR(255) NOT NULL,
    created_by   VARCHAR(128) NOT NULL,
    created_at   DATETIME(6)  NOT NULL,
    KEY idx_credits_account (account_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
