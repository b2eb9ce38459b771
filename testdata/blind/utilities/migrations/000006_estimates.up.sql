CREATE TABLE estimated_readings (
    id           CHAR(27)      NOT NULL PRIMARY KEY,
    meter_id     CHAR(36)      NOT NULL,
    register     VARCHAR(32)   NOT NULL,
    period_start DATE          NOT NULL,
    period_end   DATE          NOT NULL,
    value        DECIMAL(14,3) NOT NULL,
    method       VARCHAR(32)   NOT NULL,
    workflow_id  VARCHAR(255)  NOT NULL,
    created_at   DATETIME(6)   NOT NULL,
    KEY idx_estimates_meter_period (meter_id, period_start)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE estimate_audit (
    audit_id    VARCHAR(255) NOT NULL PRIMARY KEY,
    workflow_id VARCHAR(255) NOT NULL,
    meter_id    CHAR(36)     NOT NULL,
    summary     VARCHAR(500) NOT NULL,
    created_at  DATETIME(6)  NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
