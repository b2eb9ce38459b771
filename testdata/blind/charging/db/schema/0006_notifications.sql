-- 0006: delivery log for driver notifications.

CREATE TABLE sms_log (
    notification_id  VARCHAR(64)  NOT NULL PRIMARY KEY,
    driver_id        CHAR(36)     NULL,
    phone_e164       VARCHAR(20)  NOT NULL,
    template         VARCHAR(40)  NOT NULL,
    gateway_ref      VARCHAR(64)  NULL,
    sent_at          DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE push_log (
    id             BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    message_ref    VARCHAR(64)  NOT NULL,
    driver_id      CHAR(36)     NOT NULL,
    kind           VARCHAR(40)  NOT NULL,
    provider_id    VARCHAR(128) NULL,
    sent_at        DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY ix_push_driver (driver_id, sent_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
