-- 0002: fleet accounts, drivers, prepaid top-ups and monthly invoices.

CREATE TABLE fleet_accounts (
    id                     CHAR(36)     NOT NULL PRIMARY KEY,
    name                   VARCHAR(200) NOT NULL,
    currency               CHAR(3)      NOT NULL,
    stripe_customer_id     VARCHAR(64)  NOT NULL,
    default_payment_method VARCHAR(64)  NULL,
    balance_cents          BIGINT       NOT NULL DEFAULT 0,   -- prepaid credit
    unbilled_cents         BIGINT       NOT NULL DEFAULT 0,   -- usage not yet invoiced
    credit_limit_cents     BIGINT       NOT NULL DEFAULT 0,
    status                 VARCHAR(20)  NOT NULL DEFAULT 'active',
    billing_email          VARCHAR(200) NOT NULL,
    created_at             DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE fleet_drivers (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    fleet_id    CHAR(36)     NOT NULL,
    driver_id   CHAR(36)     NOT NULL,
    role        VARCHAR(20)  NOT NULL DEFAULT 'driver',
    spend_cap_cents BIGINT   NULL,
    added_by    CHAR(36)     NOT NULL,
    added_at    DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY uq_fleet_driver (fleet_id, driver_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE fleet_topups (
    id                 CHAR(36)     NOT NULL PRIMARY KEY,
    fleet_id           CHAR(36)     NOT NULL,
    client_key         VARCHAR(80)  NOT NULL,
    amount_cents       BIGINT       NOT NULL,
    status             VARCHAR(20)  NOT NULL,   -- pending|succeeded|failed
    payment_intent_id  VARCHAR(64)  NULL,
    created_at         DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY uq_topup_client_key (fleet_id, client_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE fleet_invoices (
    id           CHAR(26)     NOT NULL PRIMARY KEY,
    fleet_id     CHAR(36)     NOT NULL,
    period       CHAR(7)      NOT NULL,        -- YYYY-MM
    status       VARCHAR(20)  NOT NULL,        -- open|issued|paid
    total_cents  BIGINT       NOT NULL DEFAULT 0,
    line_count   INT          NOT NULL DEFAULT 0,
    issued_at    DATETIME(3)  NULL,
    created_at   DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY uq_invoice_period (fleet_id, period)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- One line per fleet charge session, attached to an invoice at period close.
CREATE TABLE fleet_usage_lines (
    fleet_id      CHAR(36)     NOT NULL,
    session_id    CHAR(36)     NOT NULL,
    period        CHAR(7)      NOT NULL,
    driver_id     CHAR(36)     NOT NULL,
    energy_wh     BIGINT       NOT NULL,
    amount_cents  BIGINT       NOT NULL,
    invoice_id    CHAR(26)     NULL,
    created_at    DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (fleet_id, session_id),
    KEY ix_usage_period (fleet_id, period, invoice_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
