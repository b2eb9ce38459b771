-- 0001: drivers, stations and charge sessions.

CREATE TABLE drivers (
    id                     CHAR(36)     NOT NULL PRIMARY KEY,
    phone_e164             VARCHAR(20)  NOT NULL,
    push_token             VARCHAR(255) NULL,
    locale                 VARCHAR(10)  NOT NULL DEFAULT 'en-GB',
    stripe_customer_id     VARCHAR(64)  NOT NULL,
    default_payment_method VARCHAR(64)  NULL,
    roaming_token_uid      VARCHAR(36)  NULL,
    created_at             DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    UNIQUE KEY uq_drivers_token (roaming_token_uid)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE stations (
    id            VARCHAR(36)  NOT NULL PRIMARY KEY,
    location_id   VARCHAR(36)  NOT NULL,
    evse_uid      VARCHAR(36)  NOT NULL,
    tariff_id     VARCHAR(36)  NOT NULL,
    status        VARCHAR(20)  NOT NULL DEFAULT 'AVAILABLE',
    UNIQUE KEY uq_stations_evse (location_id, evse_uid)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE charge_sessions (
    id                      CHAR(36)     NOT NULL PRIMARY KEY,
    driver_id               CHAR(36)     NULL,
    station_id              VARCHAR(36)  NOT NULL,
    connector_id            INT          NOT NULL,
    origin                  VARCHAR(10)  NOT NULL,       -- 'app' | 'roaming'
    partner_id              VARCHAR(10)  NULL,
    authorization_reference VARCHAR(36)  NULL,
    partner_token_uid       VARCHAR(36)  NULL,
    status                  VARCHAR(20)  NOT NULL,       -- pending_auth|authorized|active|stopping|completed|captured|cancelled|failed
    tariff_id               VARCHAR(36)  NOT NULL,
    currency                CHAR(3)      NOT NULL,
    hold_amount_cents       BIGINT       NOT NULL DEFAULT 0,
    payment_intent_id       VARCHAR(64)  NULL,
    energy_wh               BIGINT       NOT NULL DEFAULT 0,
    cost_cents              BIGINT       NOT NULL DEFAULT 0,
    captured_cents          BIGINT       NULL,
    fleet_id                CHAR(36)     NULL,
    started_at              DATETIME(3)  NULL,
    stopped_at              DATETIME(3)  NULL,
    idle_started_at         DATETIME(3)  NULL,
    unplugged_at            DATETIME(3)  NULL,
    idle_fee_charged_at     DATETIME(3)  NULL,
    created_at              DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at              DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    KEY ix_sessions_driver (driver_id, created_at),
    KEY ix_sessions_status (status, updated_at),
    KEY ix_sessions_idle (status, idle_started_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Client-supplied Idempotency-Key values for app API mutations.
CREATE TABLE idempotency_keys (
    scope         VARCHAR(40)  NOT NULL,
    idem_key      VARCHAR(80)  NOT NULL,
    request_hash  CHAR(64)     NOT NULL,
    resource_id   VARCHAR(64)  NOT NULL,
    created_at    DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (scope, idem_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Append-only log of calls made to the card processor.
CREATE TABLE payment_attempts (
    id               CHAR(36)     NOT NULL PRIMARY KEY,
    session_id       CHAR(36)     NOT NULL,
    kind             VARCHAR(20)  NOT NULL,
    amount_cents     BIGINT       NOT NULL,
    idempotency_key  VARCHAR(255) NULL,
    outcome          VARCHAR(20)  NOT NULL,
    detail           VARCHAR(500) NULL,
    created_at       DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY ix_attempts_session (session_id, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE session_disputes (
    id                CHAR(26)     NOT NULL PRIMARY KEY,
    session_id        CHAR(36)     NOT NULL,
    driver_id         CHAR(36)     NOT NULL,
    reason            VARCHAR(40)  NOT NULL,
    refund_cents      BIGINT       NOT NULL,
    stripe_refund_id  VARCHAR(64)  NULL,
    created_at        DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY ix_disputes_session (session_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE idle_fees (
    id                 CHAR(26)     NOT NULL PRIMARY KEY,
    session_id         CHAR(36)     NOT NULL,
    idle_minutes       INT          NOT NULL,
    amount_cents       BIGINT       NOT NULL,
    payment_intent_id  VARCHAR(64)  NULL,
    created_at         DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY ix_idle_fees_session (session_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
