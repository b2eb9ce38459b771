-- migrate:up
CREATE TABLE closings (
    id                CHAR(27)    NOT NULL,
    order_id          CHAR(27)    NOT NULL,
    escrow_account_id CHAR(27)    NOT NULL,
    status            VARCHAR(16) NOT NULL DEFAULT 'scheduled',
    scheduled_for     DATETIME(6) NOT NULL,
    workflow_id       VARCHAR(96) NULL,
    funded_at         DATETIME(6) NULL,
    settled_at        DATETIME(6) NULL,
    created_at        DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_closings_order (order_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE disbursements (
    id               CHAR(27)     NOT NULL,
    closing_id       CHAR(27)     NOT NULL,
    payee_role       VARCHAR(24)  NOT NULL,
    payee_name       VARCHAR(200) NOT NULL,
    routing_number   CHAR(9)      NOT NULL,
    account_number   VARCHAR(34)  NOT NULL,
    amount_cents     BIGINT       NOT NULL,
    status           VARCHAR(16)  NOT NULL DEFAULT 'reserved',
    bank_transfer_id VARCHAR(64)  NULL,
    sent_at          DATETIME(6)  NULL,
    settled_at       DATETIME(6)  NULL,
    created_at       DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_disbursements_closing_role (closing_id, payee_role),
    KEY ix_disbursements_transfer (bank_transfer_id),
    CONSTRAINT fk_disbursements_closing FOREIGN KEY (closing_id) REFERENCES closings (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Payee wire instructions, entered by the closer and verified by a
-- call-back to a known phone number before funding.
CREATE TABLE wire_instructions (
    closing_id     CHAR(27)     NOT NULL,
    payee_role     VARCHAR(24)  NOT NULL,
    payee_name     VARCHAR(200) NOT NULL,
    routing_number CHAR(9)      NOT NULL,
    account_number VARCHAR(34)  NOT NULL,
    amount_cents   BIGINT       NOT NULL,
    verified_by    VARCHAR(64)  NULL,
    verified_at    DATETIME(6)  NULL,
    PRIMARY KEY (closing_id, payee_role),
    CONSTRAINT fk_wire_instructions_closing FOREIGN KEY (closing_id) REFERENCES closings (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- One row per call to the bank, including failed ones; ops reads this
-- when a wire is disputed.
CREATE TABLE wire_attempts (
    id               CHAR(27)     NOT NULL,
    disbursement_id  CHAR(27)     NOT NULL,
    idempotency_key  VARCHAR(64)  NOT NULL,
    outcome          VARCHAR(16)  NOT NULL,
    error_detail     VARCHAR(512) NOT NULL DEFAULT '',
    attempted_at     DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_wire_attempts_disbursement (disbursement_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE closing_statements (
    closing_id          CHAR(27)    NOT NULL,
    total_debits_cents  BIGINT      NOT NULL,
    total_credits_cents BIGINT      NOT NULL,
    line_count          INT         NOT NULL,
    generated_at        DATETIME(6) NOT NULL,
    PRIMARY KEY (closing_id),
    CONSTRAINT fk_closing_statements_closing FOREIGN KEY (closing_id) REFERENCES closings (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE bank_webhook_events (
    event_id    VARCHAR(64) NOT NULL,
    event_type  VARCHAR(48) NOT NULL,
    received_at DATETIME(6) NOT NULL,
    PRIMARY KEY (event_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE bank_webhook_events;
DROP TABLE closing_statements;
DROP TABLE wire_attempts;
DROP TABLE wire_instructions;
DROP TABLE disbursements;
DROP TABLE closings;
