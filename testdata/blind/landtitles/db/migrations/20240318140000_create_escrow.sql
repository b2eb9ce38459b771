-- migrate:up
CREATE TABLE escrow_accounts (
    id                CHAR(27)    NOT NULL,
    order_id          CHAR(27)    NOT NULL,
    status            VARCHAR(16) NOT NULL DEFAULT 'open',
    interest_bearing  TINYINT(1)  NOT NULL DEFAULT 0,
    interest_rate_bps INT         NOT NULL DEFAULT 0,
    accrued_through   DATE        NULL,
    opened_at         DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_escrow_accounts_order (order_id),
    CONSTRAINT fk_escrow_accounts_order FOREIGN KEY (order_id) REFERENCES title_orders (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE escrow_deposits (
    id            CHAR(27)     NOT NULL,
    account_id    CHAR(27)     NOT NULL,
    amount_cents  BIGINT       NOT NULL,
    method        VARCHAR(16)  NOT NULL,
    payer_name    VARCHAR(160) NOT NULL,
    reference     VARCHAR(64)  NOT NULL DEFAULT '',
    received_at   DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_escrow_deposits_account (account_id),
    CONSTRAINT fk_escrow_deposits_account FOREIGN KEY (account_id) REFERENCES escrow_accounts (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE escrow_holds (
    id           CHAR(27)     NOT NULL,
    account_id   CHAR(27)     NOT NULL,
    amount_cents BIGINT       NOT NULL,
    reason       VARCHAR(255) NOT NULL,
    request_key  VARCHAR(128) NOT NULL,
    created_at   DATETIME(6)  NOT NULL,
    released_at  DATETIME(6)  NULL,
    PRIMARY KEY (id),
    KEY ix_escrow_holds_account (account_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Signed amounts: credits positive, debits negative. The balance of an
-- account is the sum of its rows.
CREATE TABLE escrow_ledger (
    id           CHAR(27)     NOT NULL,
    account_id   CHAR(27)     NOT NULL,
    entry_type   VARCHAR(24)  NOT NULL,
    amount_cents BIGINT       NOT NULL,
    ref_type     VARCHAR(24)  NOT NULL,
    ref_id       VARCHAR(64)  NOT NULL,
    memo         VARCHAR(255) NOT NULL DEFAULT '',
    posted_at    DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_escrow_ledger_account (account_id, posted_at),
    KEY ix_escrow_ledger_ref (ref_type, ref_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE idempotency_keys (
    scope           VARCHAR(48)  NOT NULL,
    idem_key        VARCHAR(128) NOT NULL,
    response_status INT          NULL,
    response_body   MEDIUMBLOB   NULL,
    created_at      DATETIME(6)  NOT NULL,
    PRIMARY KEY (scope, idem_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE idempotency_keys;
DROP TABLE escrow_ledger;
DROP TABLE escrow_holds;
DROP TABLE escrow_deposits;
DROP TABLE escrow_accounts;
