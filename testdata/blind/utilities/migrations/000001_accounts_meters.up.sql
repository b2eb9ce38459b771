CREATE TABLE accounts (
    id             CHAR(36)     NOT NULL PRIMARY KEY,
    customer_name  VARCHAR(200) NOT NULL,
    email          VARCHAR(320) NOT NULL,
    postal_address VARCHAR(500) NOT NULL,
    status         VARCHAR(32)  NOT NULL DEFAULT 'active',
    balance_cents  BIGINT       NOT NULL DEFAULT 0,
    created_at     DATETIME(6)  NOT NULL,
    KEY idx_accounts_status (status, id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE premises (
    id         CHAR(36)     NOT NULL PRIMARY KEY,
    address    VARCHAR(500) NOT NULL,
    created_at DATETIME(6)  NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE supply_contracts (
    id         CHAR(27)    NOT NULL PRIMARY KEY,
    account_id CHAR(36)    NOT NULL,
    premise_id CHAR(36)    NOT NULL,
    utility    ENUM('water', 'electricity') NOT NULL,
    start_date DATE        NOT NULL,
    end_date   DATE        NULL,
    tariff     VARCHAR(64) NOT NULL,
    created_at DATETIME(6) NOT NULL,
    UNIQUE KEY uq_contract_start (premise_id, utility, start_date),
    CONSTRAINT fk_contract_account FOREIGN KEY (account_id) REFERENCES accounts (id),
    CONSTRAINT fk_contract_premise FOREIGN KEY (premise_id) REFERENCES premises (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE meters (
    id                    CHAR(36)    NOT NULL PRIMARY KEY,
    premise_id            CHAR(36)    NOT NULL,
    account_id            CHAR(36)    NOT NULL,
    utility               ENUM('water', 'electricity') NOT NULL,
    serial                VARCHAR(64) NOT NULL,
    prepaid               TINYINT(1)  NOT NULL DEFAULT 0,
    consecutive_estimates INT         NOT NULL DEFAULT 0,
    UNIQUE KEY uq_meter_serial (serial),
    KEY idx_meters_account (account_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE meter_readings (
    id          BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    meter_id    CHAR(36)      NOT NULL,
    register    VARCHAR(32)   NOT NULL,
    read_at     DATETIME      NOT NULL,
    value       DECIMAL(14,3) NOT NULL,
    source      ENUM('headend', 'customer', 'estimate') NOT NULL,
    received_at DATETIME(6)   NOT NULL,
    UNIQUE KEY uq_reading (meter_id, register, read_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
