CREATE TABLE work_orders (
    id               CHAR(36)     NOT NULL PRIMARY KEY,
    account_id       CHAR(36)     NOT NULL,
    meter_id         CHAR(36)     NOT NULL,
    kind             ENUM('disconnect', 'reconnect', 'read_visit') NOT NULL,
    reason_ref       VARCHAR(255) NOT NULL,
    status           VARCHAR(32)  NOT NULL,
    partner_order_id VARCHAR(64)  NULL,
    scheduled_for    DATETIME     NULL,
    created_at       DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_work_order_reason (kind, reason_ref),
    KEY idx_work_orders_account (account_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE reminders (
    id           VARCHAR(40) NOT NULL PRIMARY KEY,
    account_id   CHAR(36)    NOT NULL,
    bill_id      CHAR(36)    NOT NULL,
    channel      ENUM('email', 'letter') NOT NULL,
    stage        TINYINT     NOT NULL,
    letter_ref   VARCHAR(40) NULL,
    provider_ref VARCHAR(64) NULL,
    status       VARCHAR(32) NOT NULL,
    created_at   DATETIME(6) NOT NULL,
    sent_at      DATETIME(6) NULL,
    UNIQUE KEY uq_reminder_stage (bill_id, channel, stage)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE notifications (
    id                  CHAR(27)     NOT NULL PRIMARY KEY,
    account_id          CHAR(36)     NOT NULL,
    bill_id             CHAR(36)     NOT NULL,
    kind                VARCHAR(32)  NOT NULL,
    channel             VARCHAR(16)  NOT NULL,
    provider_message_id VARCHAR(128) NOT NULL,
    sent_at             DATETIME(6)  NOT NULL,
    KEY idx_notifications_bill (bill_id, kind)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
