-- migrate:up
CREATE TABLE branches (
    id          CHAR(26)     NOT NULL PRIMARY KEY,
    name        VARCHAR(120) NOT NULL,
    timezone    VARCHAR(64)  NOT NULL DEFAULT 'America/Chicago',
    sms_sender  VARCHAR(20)  NOT NULL,
    created_at  DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_branches_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE members (
    id                 CHAR(26)     NOT NULL PRIMARY KEY,
    home_branch_id     CHAR(26)     NOT NULL,
    email              VARCHAR(254) NOT NULL,
    phone_e164         VARCHAR(20)  NOT NULL,
    full_name          VARCHAR(200) NOT NULL,
    card_customer_ref  VARCHAR(64)  NULL,
    card_payment_ref   VARCHAR(64)  NULL,
    sms_opt_out        TINYINT(1)   NOT NULL DEFAULT 0,
    status             VARCHAR(16)  NOT NULL DEFAULT 'active',
    created_at         DATETIME(6)  NOT NULL,
    updated_at         DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_members_email (email),
    KEY ix_members_branch (home_branch_id),
    CONSTRAINT fk_members_branch FOREIGN KEY (home_branch_id) REFERENCES branches (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE members;
DROP TABLE branches;
