CREATE TABLE mandates (
    id              CHAR(36)    NOT NULL PRIMARY KEY,
    account_id      CHAR(36)    NOT NULL,
    mandate_ref     VARCHAR(35) NOT NULL,
    iban_last4      CHAR(4)     NOT NULL,
    status          VARCHAR(32) NOT NULL,
    bank_mandate_id VARCHAR(64) NULL,
    created_at      DATETIME(6) NOT NULL,
    UNIQUE KEY uq_mandate_ref (mandate_ref),
    KEY idx_mandates_account (account_id, status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE dd_collections (
    end_to_end_id VARCHAR(35) NOT NULL PRIMARY KEY,
    account_id    CHAR(36)    NOT NULL,
    bill_id       CHAR(36)    NOT NULL,
    mandate_id    CHAR(36)    NOT NULL,
    amount_cents  BIGINT      NOT NULL,
    status        VARCHAR(32) NOT NULL,
    attempt       INT         NOT NULL,
    bank_ref      VARCHAR(64) NULL,
    return_reason VARCHAR(8)  NULL,
    created_at    DATETIME(6) NOT NULL,
    KEY idx_collections_bill (bill_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
