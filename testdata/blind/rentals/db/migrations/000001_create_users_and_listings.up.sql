CREATE TABLE users (
    id                 CHAR(36)     NOT NULL,
    email              VARCHAR(320) NOT NULL,
    phone              VARCHAR(32)  NULL,
    display_name       VARCHAR(120) NOT NULL,
    kyc_status         VARCHAR(16)  NOT NULL DEFAULT 'none',
    stripe_customer_id VARCHAR(64)  NULL,
    stripe_account_id  VARCHAR(64)  NULL,
    payouts_enabled    BOOLEAN      NOT NULL DEFAULT FALSE,
    created_at         DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_users_email (email),
    UNIQUE KEY uq_users_stripe_account (stripe_account_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE listings (
    id               CHAR(36)     NOT NULL,
    owner_id         CHAR(36)     NOT NULL,
    title            VARCHAR(200) NOT NULL,
    description      TEXT         NOT NULL,
    category         VARCHAR(64)  NOT NULL,
    daily_rate_cents BIGINT       NOT NULL,
    deposit_cents    BIGINT       NOT NULL,
    currency         CHAR(3)      NOT NULL,
    status           VARCHAR(16)  NOT NULL,
    created_at       DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_listings_owner (owner_id, status),
    CONSTRAINT fk_listings_owner FOREIGN KEY (owner_id) REFERENCES users (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
