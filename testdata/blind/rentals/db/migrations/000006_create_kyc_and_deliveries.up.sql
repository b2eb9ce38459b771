CREATE TABLE kyc_verifications (
    id                CHAR(36)      NOT NULL,
    user_id           CHAR(36)      NOT NULL,
    vendor_session_id VARCHAR(64)   NOT NULL,
    status            VARCHAR(16)   NOT NULL,
    redirect_url      VARCHAR(1024) NOT NULL,
    created_at        DATETIME(6)   NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_kyc_session (vendor_session_id),
    KEY ix_kyc_user (user_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE kyc_results (
    vendor_check_id   VARCHAR(64) NOT NULL,
    vendor_session_id VARCHAR(64) NOT NULL,
    user_id           CHAR(36)    NOT NULL,
    outcome           VARCHAR(16) NOT NULL,
    received_at       DATETIME(6) NOT NULL,
    PRIMARY KEY (vendor_check_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE deliveries (
    id               CHAR(36)     NOT NULL,
    booking_id       CHAR(26)     NOT NULL,
    leg              VARCHAR(16)  NOT NULL,
    status           VARCHAR(16)  NOT NULL,
    client_reference VARCHAR(64)  NOT NULL,
    courier_job_id   VARCHAR(64)  NULL,
    pickup_address   VARCHAR(512) NOT NULL,
    dropoff_address  VARCHAR(512) NOT NULL,
    scheduled_for    DATETIME(6)  NOT NULL,
    created_at       DATETIME(6)  NOT NULL,
    updated_at       DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_deliveries_booking_leg (booking_id, leg),
    KEY ix_deliveries_courier_job (courier_job_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

CREATE TABLE delivery_events (
    id               CHAR(36)    NOT NULL,
    delivery_id      CHAR(36)    NOT NULL,
    courier_event_id VARCHAR(64) NOT NULL,
    status           VARCHAR(16) NOT NULL,
    occurred_at      DATETIME(6) NOT NULL,
    received_at      DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_delivery_events_courier_event (courier_event_id),
    KEY ix_delivery_events_delivery (delivery_id, occurred_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
