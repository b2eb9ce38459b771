-- migrate:up
CREATE TABLE recording_packages (
    id                     CHAR(27)     NOT NULL,
    closing_id             CHAR(27)     NOT NULL,
    county_fips            CHAR(5)      NOT NULL,
    status                 VARCHAR(16)  NOT NULL DEFAULT 'pending',
    recorder_submission_id VARCHAR(64)  NULL,
    submitted_at           DATETIME(6)  NULL,
    recorded_at            DATETIME(6)  NULL,
    created_at             DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_recording_packages_closing (closing_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE recorded_instruments (
    id                CHAR(27)    NOT NULL,
    package_id        CHAR(27)    NOT NULL,
    county_fips       CHAR(5)     NOT NULL,
    instrument_number VARCHAR(48) NOT NULL,
    doc_type          VARCHAR(32) NOT NULL,
    book              VARCHAR(16) NOT NULL DEFAULT '',
    page              VARCHAR(16) NOT NULL DEFAULT '',
    recorded_at       DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_recorded_instruments_county_number (county_fips, instrument_number),
    KEY ix_recorded_instruments_package (package_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE recording_rejections (
    package_id     CHAR(27)     NOT NULL,
    rejection_code VARCHAR(32)  NOT NULL,
    reason         VARCHAR(512) NOT NULL,
    rejected_at    DATETIME(6)  NOT NULL,
    PRIMARY KEY (package_id, rejection_code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE recording_rejections;
DROP TABLE recorded_instruments;
DROP TABLE recording_packages;
