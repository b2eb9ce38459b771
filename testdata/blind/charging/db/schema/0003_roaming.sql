-- 0003: roaming partners, outbound commands, CDRs in both directions.

CREATE TABLE roaming_partners (
    id             VARCHAR(10)  NOT NULL PRIMARY KEY,   -- e.g. NL*ABC
    country_code   CHAR(2)      NOT NULL,
    party_id       CHAR(3)      NOT NULL,
    base_url       VARCHAR(300) NOT NULL,
    token_b        VARCHAR(200) NOT NULL,   -- we present this to them
    token_c        VARCHAR(200) NOT NULL,   -- they present this to us
    active         TINYINT(1)   NOT NULL DEFAULT 1,
    UNIQUE KEY uq_partner_token (token_c)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Start commands our drivers send to partner networks.
CREATE TABLE roaming_commands (
    id               CHAR(36)     NOT NULL PRIMARY KEY,
    driver_id        CHAR(36)     NOT NULL,
    client_key       VARCHAR(80)  NOT NULL,
    partner_id       VARCHAR(10)  NOT NULL,
    location_id      VARCHAR(36)  NOT NULL,
    evse_uid         VARCHAR(36)  NOT NULL,
    status           VARCHAR(20)  NOT NULL,     -- queued|sent|accepted|rejected|failed
    partner_result   VARCHAR(40)  NULL,
    created_at       DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at       DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    UNIQUE KEY uq_roaming_cmd_client (driver_id, client_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- CDRs received from partners for our drivers charging on their network.
CREATE TABLE roaming_cdrs (
    partner_id        VARCHAR(10)  NOT NULL,
    cdr_id            VARCHAR(39)  NOT NULL,
    token_uid         VARCHAR(36)  NOT NULL,
    session_ref       VARCHAR(36)  NOT NULL,
    currency          CHAR(3)      NOT NULL,
    total_cost_cents  BIGINT       NOT NULL,
    energy_wh         BIGINT       NOT NULL,
    start_at          DATETIME(3)  NOT NULL,
    end_at            DATETIME(3)  NOT NULL,
    raw               JSON         NOT NULL,
    billed_at         DATETIME(3)  NULL,
    received_at       DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (partner_id, cdr_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE driver_accounts (
    driver_id          CHAR(36)     NOT NULL PRIMARY KEY,
    outstanding_cents  BIGINT       NOT NULL DEFAULT 0,
    updated_at         DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE roaming_charges (
    partner_id    VARCHAR(10)  NOT NULL,
    cdr_id        VARCHAR(39)  NOT NULL,
    driver_id     CHAR(36)     NOT NULL,
    amount_cents  BIGINT       NOT NULL,
    markup_cents  BIGINT       NOT NULL,
    created_at    DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (partner_id, cdr_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Sessions of our drivers on partner networks, as reported by the CPO.
CREATE TABLE roaming_sessions (
    partner_id    VARCHAR(10)  NOT NULL,
    session_id    VARCHAR(36)  NOT NULL,
    driver_id     CHAR(36)     NOT NULL,
    command_id    CHAR(36)     NULL,
    status        VARCHAR(20)  NOT NULL,
    currency      CHAR(3)      NOT NULL,
    energy_wh     BIGINT       NOT NULL DEFAULT 0,
    cost_cents    BIGINT       NOT NULL DEFAULT 0,
    last_updated  DATETIME(3)  NOT NULL,
    PRIMARY KEY (partner_id, session_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Charging-period updates (PATCH) received per roaming session.
CREATE TABLE partner_session_updates (
    partner_id   VARCHAR(10)  NOT NULL,
    session_id   VARCHAR(36)  NOT NULL,
    update_key   VARCHAR(64)  NOT NULL,
    received_at  DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (partner_id, session_id, update_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE roaming_session_periods (
    id            BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    partner_id    VARCHAR(10)  NOT NULL,
    session_id    VARCHAR(36)  NOT NULL,
    period_start  DATETIME(3)  NOT NULL,
    energy_wh     BIGINT       NOT NULL,
    cost_cents    BIGINT       NOT NULL,
    KEY ix_periods_session (partner_id, session_id, period_start)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE cdr_sync_cursors (
    partner_id   VARCHAR(10)  NOT NULL PRIMARY KEY,
    synced_to    DATETIME(3)  NOT NULL,
    updated_at   DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
