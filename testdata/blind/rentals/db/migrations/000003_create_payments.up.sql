CREATE TABLE deposits (
    id                CHAR(36)    NOT NULL,
    booking_id        CHAR(26)    NOT NULL,
    amount_cents      BIGINT      NOT NULL,
    captured_cents    BIGINT      NOT NULL DEFAULT 0,
    currency          CHAR(3)     NOT NULL,
    status            VARCHAR(16) NOT NULL,
    payment_intent_id VARCHAR(64) NULL,
    created_at        DATETIME(6) NOT NULL,
    updated_at        DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_deposits_booking (booking_id),
    KEY ix_deposits_payment_intent (payment_intent_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE deposit_captures (
    id           CHAR(36)    NOT NULL,
    deposit_id   CHAR(36)    NOT NULL,
    claim_id     CHAR(36)    NOT NULL,
    amount_cents BIGINT      NOT NULL,
    status       VARCHAR(16) NOT NULL,
    stripe_ref   VARCHAR(64) NULL,
    created_at   DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_captures_deposit_claim (deposit_id, claim_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE refunds (
    id               CHAR(36)     NOT NULL,
    booking_id       CHAR(26)     NOT NULL,
    amount_cents     BIGINT       NOT NULL,
    currency         CHAR(3)      NOT NULL,
    stripe_refund_id VARCHAR(64)  NOT NULL,
    reason           VARCHAR(255) NOT NULL,
    created_at       DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_refunds_booking (booking_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE payouts (
    id                 CHAR(36)    NOT NULL,
    booking_id         CHAR(26)    NOT NULL,
    owner_id           CHAR(36)    NOT NULL,
    amount_cents       BIGINT      NOT NULL,
    currency           CHAR(3)     NOT NULL,
    status             VARCHAR(16) NOT NULL,
    stripe_transfer_id VARCHAR(64) NULL,
    created_at         DATETIME(6) NOT NULL,
    updated_at         DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_payouts_booking (booking_id),
    KEY ix_payouts_owner (owner_id, status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE ledger_entries (
    id           CHAR(36)     NOT NULL,
    booking_id   CHAR(26)     NOT NULL,
    account      VARCHAR(80)  NOT NULL,
    kind         VARCHAR(32)  NOT NULL,
    amount_cents BIGINT       NOT NULL,
    currency     CHAR(3)      NOT NULL,
    reference    VARCHAR(128) NOT NULL,
    created_at   DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_ledger_booking (booking_id),
    KEY ix_ledger_account (account, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
