-- migrate:up
CREATE TABLE reservations (
    id            CHAR(26)     NOT NULL PRIMARY KEY,
    member_id     CHAR(26)     NOT NULL,
    tool_id       CHAR(26)     NOT NULL,
    branch_id     CHAR(26)     NOT NULL,
    locker_id     CHAR(26)     NULL,
    status        VARCHAR(16)  NOT NULL,
    pickup_from   DATETIME(6)  NOT NULL,
    pickup_until  DATETIME(6)  NOT NULL,
    loan_days     INT          NOT NULL,
    created_at    DATETIME(6)  NOT NULL,
    updated_at    DATETIME(6)  NOT NULL,
    cancelled_at  DATETIME(6)  NULL,
    KEY ix_reservations_member (member_id, created_at),
    KEY ix_reservations_tool (tool_id, status),
    CONSTRAINT fk_reservations_member FOREIGN KEY (member_id) REFERENCES members (id),
    CONSTRAINT fk_reservations_tool FOREIGN KEY (tool_id) REFERENCES tools (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Client-supplied Idempotency-Key values for POST endpoints that create
-- resources. Rows are written in the same transaction as the resource.
CREATE TABLE idempotency_keys (
    scope         VARCHAR(48)  NOT NULL,
    member_id     CHAR(26)     NOT NULL,
    idem_key      VARCHAR(128) NOT NULL,
    request_hash  CHAR(64)     NOT NULL,
    resource_id   CHAR(26)     NOT NULL,
    created_at    DATETIME(6)  NOT NULL,
    PRIMARY KEY (scope, member_id, idem_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE loans (
    id               CHAR(26)     NOT NULL PRIMARY KEY,
    reservation_id   CHAR(26)     NOT NULL,
    member_id        CHAR(26)     NOT NULL,
    tool_id          CHAR(26)     NOT NULL,
    locker_id        CHAR(26)     NOT NULL,
    workflow_id      VARCHAR(128) NOT NULL,
    status           VARCHAR(16)  NOT NULL,
    due_at           DATETIME(6)  NOT NULL,
    picked_up_at     DATETIME(6)  NULL,
    returned_at      DATETIME(6)  NULL,
    extension_count  INT          NOT NULL DEFAULT 0,
    created_at       DATETIME(6)  NOT NULL,
    updated_at       DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_loans_reservation (reservation_id),
    UNIQUE KEY uq_loans_workflow (workflow_id),
    KEY ix_loans_status_due (status, due_at),
    KEY ix_loans_member (member_id),
    CONSTRAINT fk_loans_reservation FOREIGN KEY (reservation_id) REFERENCES reservations (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE loan_extensions (
    id            CHAR(26)     NOT NULL PRIMARY KEY,
    loan_id       CHAR(26)     NOT NULL,
    seq           INT          NOT NULL,
    previous_due  DATETIME(6)  NOT NULL,
    new_due       DATETIME(6)  NOT NULL,
    fee_cents     INT          NOT NULL,
    charge_id     VARCHAR(64)  NULL,
    created_at    DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_loan_extensions_seq (loan_id, seq),
    CONSTRAINT fk_loan_extensions_loan FOREIGN KEY (loan_id) REFERENCES loans (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Append-only audit trail of loan lifecycle events.
CREATE TABLE loan_events (
    id          BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    loan_id     CHAR(26)     NOT NULL,
    kind        VARCHAR(32)  NOT NULL,
    detail      VARCHAR(512) NOT NULL DEFAULT '',
    occurred_at DATETIME(6)  NOT NULL,
    KEY ix_loan_events_loan (loan_id, occurred_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE locker_access_codes (
    id              CHAR(26)     NOT NULL PRIMARY KEY,
    loan_id         CHAR(26)     NOT NULL,
    locker_id       CHAR(26)     NOT NULL,
    vendor_code_id  VARCHAR(64)  NOT NULL,
    pin             VARCHAR(12)  NOT NULL,
    valid_until     DATETIME(6)  NOT NULL,
    created_at      DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_access_codes_vendor (vendor_code_id),
    KEY ix_access_codes_loan (loan_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE tool_inspections (
    id          CHAR(26)     NOT NULL PRIMARY KEY,
    loan_id     CHAR(26)     NOT NULL,
    tool_id     CHAR(26)     NOT NULL,
    inspector   VARCHAR(64)  NOT NULL,
    outcome     VARCHAR(16)  NOT NULL,
    notes       TEXT         NOT NULL,
    created_at  DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_inspections_loan (loan_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE tool_inspections;
DROP TABLE locker_access_codes;
DROP TABLE loan_events;
DROP TABLE loan_extensions;
DROP TABLE loans;
DROP TABLE idempotency_keys;
DROP TABLE reservations;
