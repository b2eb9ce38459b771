-- 0005: driver fault reports, contractor tickets and escalations.

CREATE TABLE fault_reports (
    id            CHAR(26)      NOT NULL PRIMARY KEY,
    station_id    VARCHAR(36)   NOT NULL,
    connector_id  INT           NOT NULL,
    driver_id     CHAR(36)      NOT NULL,
    category      VARCHAR(40)   NOT NULL,
    description   VARCHAR(1000) NOT NULL,
    created_at    DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY ix_fault_reports_station (station_id, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE fault_tickets (
    id              CHAR(36)     NOT NULL PRIMARY KEY,
    station_id      VARCHAR(36)  NOT NULL,
    connector_id    INT          NOT NULL,
    source          VARCHAR(20)  NOT NULL,   -- telemetry|driver
    source_ref      VARCHAR(64)  NOT NULL,
    error_code      VARCHAR(40)  NOT NULL,
    contractor_ref  VARCHAR(64)  NULL,
    status          VARCHAR(20)  NOT NULL,   -- open|resolved
    opened_at       DATETIME(3)  NOT NULL,
    resolved_at     DATETIME(3)  NULL,
    KEY ix_tickets_open (status, opened_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE fault_escalations (
    ticket_id   CHAR(36)     NOT NULL,
    level       INT          NOT NULL,
    notified    VARCHAR(20)  NOT NULL,
    created_at  DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (ticket_id, level)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
