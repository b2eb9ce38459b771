-- migrate:up
CREATE TABLE lockers (
    id                CHAR(26)     NOT NULL PRIMARY KEY,
    branch_id         CHAR(26)     NOT NULL,
    vendor_locker_id  VARCHAR(64)  NOT NULL,
    label             VARCHAR(32)  NOT NULL,
    size_class        VARCHAR(8)   NOT NULL,
    state             VARCHAR(16)  NOT NULL DEFAULT 'free',
    held_by_loan_id   CHAR(26)     NULL,
    updated_at        DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_lockers_vendor (vendor_locker_id),
    UNIQUE KEY uq_lockers_branch_label (branch_id, label),
    KEY ix_lockers_state (branch_id, state),
    CONSTRAINT fk_lockers_branch FOREIGN KEY (branch_id) REFERENCES branches (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE tools (
    id                    CHAR(26)     NOT NULL PRIMARY KEY,
    branch_id             CHAR(26)     NOT NULL,
    asset_tag             VARCHAR(32)  NOT NULL,
    name                  VARCHAR(200) NOT NULL,
    category              VARCHAR(64)  NOT NULL,
    size_class            VARCHAR(8)   NOT NULL,
    state                 VARCHAR(16)  NOT NULL DEFAULT 'available',
    deposit_cents         INT          NOT NULL,
    daily_late_fee_cents  INT          NOT NULL,
    extension_fee_cents   INT          NOT NULL DEFAULT 0,
    updated_at            DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_tools_asset_tag (asset_tag),
    KEY ix_tools_branch_state (branch_id, state),
    CONSTRAINT fk_tools_branch FOREIGN KEY (branch_id) REFERENCES branches (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE staff_locker_opens (
    id                 CHAR(36)     NOT NULL PRIMARY KEY,
    locker_id          CHAR(26)     NOT NULL,
    staff_id           VARCHAR(64)  NOT NULL,
    reason             VARCHAR(255) NOT NULL,
    vendor_command_id  VARCHAR(64)  NULL,
    created_at         DATETIME(6)  NOT NULL,
    KEY ix_staff_opens_locker (locker_id, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE staff_locker_opens;
DROP TABLE tools;
DROP TABLE lockers;
