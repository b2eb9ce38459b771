-- 0004: tariffs (ours and partners') and their versions.

CREATE TABLE tariffs (
    id               VARCHAR(36)  NOT NULL PRIMARY KEY,
    currency         CHAR(3)      NOT NULL,
    current_version  INT          NOT NULL DEFAULT 0,
    updated_at       DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE tariff_versions (
    tariff_id          VARCHAR(36)  NOT NULL,
    version            INT          NOT NULL,
    energy_price_mwh   BIGINT       NOT NULL,   -- minor units per MWh
    session_fee_cents  BIGINT       NOT NULL,
    idle_fee_per_min   BIGINT       NOT NULL,
    idle_grace_min     INT          NOT NULL,
    effective_from     DATETIME(3)  NOT NULL,
    created_at         DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (tariff_id, version)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE partner_tariffs (
    partner_id     VARCHAR(10)  NOT NULL,
    tariff_id      VARCHAR(36)  NOT NULL,
    currency       CHAR(3)      NOT NULL,
    body           JSON         NOT NULL,
    last_updated   DATETIME(3)  NOT NULL,
    PRIMARY KEY (partner_id, tariff_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Drivers who opted in to price-change notices for a station's tariff.
CREATE TABLE tariff_watchers (
    tariff_id   VARCHAR(36)  NOT NULL,
    driver_id   CHAR(36)     NOT NULL,
    PRIMARY KEY (tariff_id, driver_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
