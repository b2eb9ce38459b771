-- migrate:up
CREATE TABLE sms_messages (
    id              CHAR(26)     NOT NULL PRIMARY KEY,
    client_ref      VARCHAR(128) NOT NULL,
    member_id       CHAR(26)     NOT NULL,
    kind            VARCHAR(32)  NOT NULL,
    to_e164         VARCHAR(20)  NOT NULL,
    body            VARCHAR(640) NOT NULL,
    status          VARCHAR(16)  NOT NULL,
    gateway_msg_id  VARCHAR(64)  NULL,
    created_at      DATETIME(6)  NOT NULL,
    sent_at         DATETIME(6)  NULL,
    UNIQUE KEY uq_sms_client_ref (client_ref),
    KEY ix_sms_gateway_msg (gateway_msg_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Delivery receipts as the gateway posts them; the gateway may post the same
-- receipt more than once and we keep every copy.
CREATE TABLE sms_delivery_receipts (
    id              BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
    gateway_msg_id  VARCHAR(64)  NOT NULL,
    status          VARCHAR(24)  NOT NULL,
    error_code      VARCHAR(16)  NOT NULL DEFAULT '',
    reported_at     DATETIME(6)  NOT NULL,
    received_at     DATETIME(6)  NOT NULL,
    KEY ix_sms_receipts_msg (gateway_msg_id, reported_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE damage_reports (
    id           CHAR(36)     NOT NULL PRIMARY KEY,
    loan_id      CHAR(26)     NOT NULL,
    member_id    CHAR(26)     NOT NULL,
    tool_id      CHAR(26)     NOT NULL,
    reported_by  VARCHAR(16)  NOT NULL,
    severity     VARCHAR(16)  NOT NULL,
    description  TEXT         NOT NULL,
    created_at   DATETIME(6)  NOT NULL,
    KEY ix_damage_reports_loan (loan_id),
    KEY ix_damage_reports_tool (tool_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE repair_partners (
    id           VARCHAR(32)  NOT NULL PRIMARY KEY,
    name         VARCHAR(120) NOT NULL,
    base_url     VARCHAR(255) NOT NULL,
    categories   VARCHAR(255) NOT NULL,
    webhook_key  VARCHAR(128) NOT NULL,
    active       TINYINT(1)   NOT NULL DEFAULT 1
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE repair_orders (
    id                 CHAR(26)     NOT NULL PRIMARY KEY,
    damage_report_id   CHAR(36)     NOT NULL,
    tool_id            CHAR(26)     NOT NULL,
    partner_id         VARCHAR(32)  NOT NULL,
    partner_pickup_id  VARCHAR(64)  NOT NULL,
    status             VARCHAR(24)  NOT NULL,
    quoted_cents       INT          NULL,
    created_at         DATETIME(6)  NOT NULL,
    updated_at         DATETIME(6)  NOT NULL,
    KEY ix_repair_orders_report (damage_report_id),
    UNIQUE KEY uq_repair_orders_pickup (partner_id, partner_pickup_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE repair_updates (
    id                CHAR(26)     NOT NULL PRIMARY KEY,
    partner_id        VARCHAR(32)  NOT NULL,
    partner_event_id  VARCHAR(64)  NOT NULL,
    repair_order_id   CHAR(26)     NOT NULL,
    status            VARCHAR(24)  NOT NULL,
    note              VARCHAR(1024) NOT NULL DEFAULT '',
    quoted_cents      INT          NULL,
    received_at       DATETIME(6)  NOT NULL,
    UNIQUE KEY uq_repair_updates_event (partner_id, partner_event_id),
    KEY ix_repair_updates_order (repair_order_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE repair_updates;
DROP TABLE repair_orders;
DROP TABLE repair_partners;
DROP TABLE damage_reports;
DROP TABLE sms_delivery_receipts;
DROP TABLE sms_messages;
