CREATE TABLE claims (
    id              CHAR(36)    NOT NULL,
    booking_id      CHAR(26)    NOT NULL,
    filed_by        CHAR(36)    NOT NULL,
    amount_cents    BIGINT      NOT NULL,
    description     TEXT        NOT NULL,
    status          VARCHAR(16) NOT NULL,
    awarded_cents   BIGINT      NOT NULL DEFAULT 0,
    resolution_note TEXT        NULL,
    reviewer_id     VARCHAR(64) NULL,
    created_at      DATETIME(6) NOT NULL,
    resolved_at     DATETIME(6) NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_claims_booking (booking_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE claim_reviews (
    id          VARCHAR(64) NOT NULL,
    claim_id    CHAR(36)    NOT NULL,
    reviewer_id VARCHAR(64) NOT NULL,
    due_at      DATETIME(6) NOT NULL,
    created_at  DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    KEY ix_claim_reviews_claim (claim_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
