-- migrate:up
CREATE TABLE deposits (
    id                 CHAR(26)     NOT NULL PRIMARY KEY,
    loan_id            CHAR(26)     NOT NULL,
    member_id          CHAR(26)     NOT NULL,
    amount_cents       INT          NOT NULL,
    currency           CHAR(3)      NOT NULL DEFAULT 'USD',
    status             VARCHAR(16)  NOT NULL,
    hold_op_key        VARCHAR(128) NOT NULL,
    processor_auth_id  VARCHAR(64)  NULL,
    captured_cents     INT          NOT NULL DEFAULT 0,
    created_at         DATETIME(6)  NOT NULL,
    updated_at         DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_deposits_loan (loan_id),
    UNIQUE KEY uq_deposits_hold_op (hold_op_key),
    KEY ix_deposits_auth (processor_auth_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Durable intent for every release / capture we ask the processor to do.
-- op_key is sent as the processor's Idempotency-Key.
CREATE TABLE deposit_operations (
    op_key         VARCHAR(128) NOT NULL PRIMARY KEY,
    deposit_id     CHAR(26)     NOT NULL,
    kind           VARCHAR(16)  NOT NULL,
    amount_cents   INT          NOT NULL,
    status         VARCHAR(16)  NOT NULL,
    processor_ref  VARCHAR(64)  NULL,
    last_error     VARCHAR(512) NULL,
    created_at     DATETIME(6)  NOT NULL,
    updated_at     DATETIME(6)  NOT NULL,
    KEY ix_deposit_ops_deposit (deposit_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE late_fees (
    id            CHAR(26)     NOT NULL PRIMARY KEY,
    loan_id       CHAR(26)     NOT NULL,
    member_id     CHAR(26)     NOT NULL,
    days_late     INT          NOT NULL,
    amount_cents  INT          NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    assessed_at   DATETIME(6)  NOT NULL,
    paid_at       DATETIME(6)  NULL,
    KEY ix_late_fees_loan (loan_id),
    KEY ix_late_fees_status (status, assessed_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE fee_payments (
    fee_id        CHAR(26)     NOT NULL PRIMARY KEY,
    op_key        VARCHAR(128) NOT NULL,
    amount_cents  INT          NOT NULL,
    status        VARCHAR(16)  NOT NULL,
    charge_id     VARCHAR(64)  NULL,
    created_at    DATETIME(6)  NOT NULL,
    updated_at    DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_fee_payments_op (op_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- One row per attempt to collect a fee, kept for support and dunning reports.
CREATE TABLE fee_payment_attempts (
    id            CHAR(26)     NOT NULL PRIMARY KEY,
    fee_id        CHAR(26)     NOT NULL,
    source        VARCHAR(16)  NOT NULL,
    outcome       VARCHAR(16)  NOT NULL,
    error_detail  VARCHAR(512) NOT NULL DEFAULT '',
    attempted_at  DATETIME(6)  NOT NULL,
    KEY ix_fee_attempts_fee (fee_id, attempted_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Charges against a member that are not late fees (damage, lost tools).
CREATE TABLE member_charges (
    id            CHAR(26)     NOT NULL PRIMARY KEY,
    member_id     CHAR(26)     NOT NULL,
    loan_id       CHAR(26)     NOT NULL,
    kind          VARCHAR(16)  NOT NULL,
    amount_cents  INT          NOT NULL,
    processor_ref VARCHAR(64)  NULL,
    reason        VARCHAR(255) NOT NULL,
    created_at    DATETIME(6)  NOT NULL,
    KEY ix_member_charges_member (member_id, created_at),
    KEY ix_member_charges_loan (loan_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE member_charges;
DROP TABLE fee_payment_attempts;
DROP TABLE fee_payments;
DROP TABLE late_fees;
DROP TABLE deposit_operations;
DROP TABLE deposits;
