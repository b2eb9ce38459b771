-- migrate:up
CREATE TABLE title_orders (
    id             CHAR(27)     NOT NULL,
    file_number    VARCHAR(32)  NOT NULL,
    property_apn   VARCHAR(48)  NOT NULL,
    county_fips    CHAR(5)      NOT NULL,
    property_addr  VARCHAR(255) NOT NULL,
    buyer_name     VARCHAR(160) NOT NULL,
    buyer_email    VARCHAR(254) NOT NULL DEFAULT '',
    buyer_phone    VARCHAR(32)  NOT NULL DEFAULT '',
    seller_name    VARCHAR(160) NOT NULL,
    seller_email   VARCHAR(254) NOT NULL DEFAULT '',
    closer_email   VARCHAR(254) NOT NULL DEFAULT '',
    closer_phone   VARCHAR(32)  NOT NULL DEFAULT '',
    sale_price_cents BIGINT     NOT NULL DEFAULT 0,
    loan_amount_cents BIGINT    NOT NULL DEFAULT 0,
    status         VARCHAR(24)  NOT NULL DEFAULT 'open',
    created_at     DATETIME(6)  NOT NULL,
    updated_at     DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_title_orders_file_number (file_number),
    KEY ix_title_orders_status (status)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE title_searches (
    id              CHAR(27)    NOT NULL,
    order_id        CHAR(27)    NOT NULL,
    plant_search_id VARCHAR(64) NOT NULL,
    search_type     VARCHAR(24) NOT NULL,
    status          VARCHAR(24) NOT NULL,
    report_url      VARCHAR(512) NULL,
    ordered_at      DATETIME(6) NOT NULL,
    completed_at    DATETIME(6) NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_title_searches_plant (plant_search_id),
    KEY ix_title_searches_order (order_id),
    CONSTRAINT fk_title_searches_order FOREIGN KEY (order_id) REFERENCES title_orders (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- instrument_number is NULL for liens keyed in by an examiner (HOA dues,
-- unrecorded judgments); MySQL allows any number of NULLs under the
-- unique key, so only liens found on the public record collapse.
CREATE TABLE liens (
    id                CHAR(36)     NOT NULL,
    order_id          CHAR(27)     NOT NULL,
    source            VARCHAR(16)  NOT NULL,
    instrument_number VARCHAR(48)  NULL,
    lien_type         VARCHAR(32)  NOT NULL,
    lienholder        VARCHAR(200) NOT NULL,
    loan_number       VARCHAR(64)  NOT NULL DEFAULT '',
    amount_cents      BIGINT       NOT NULL DEFAULT 0,
    recorded_on       DATE         NULL,
    status            VARCHAR(16)  NOT NULL DEFAULT 'open',
    released_at       DATETIME(6)  NULL,
    release_instrument VARCHAR(48) NULL,
    created_at        DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_liens_order_instrument (order_id, instrument_number),
    CONSTRAINT fk_liens_order FOREIGN KEY (order_id) REFERENCES title_orders (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE payoff_requests (
    id            CHAR(27)    NOT NULL,
    lien_id       CHAR(36)    NOT NULL,
    lender_ref    VARCHAR(64) NOT NULL,
    good_through  DATE        NOT NULL,
    status        VARCHAR(16) NOT NULL,
    requested_at  DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    KEY ix_payoff_requests_lien (lien_id),
    CONSTRAINT fk_payoff_requests_lien FOREIGN KEY (lien_id) REFERENCES liens (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- migrate:down
DROP TABLE payoff_requests;
DROP TABLE liens;
DROP TABLE title_searches;
DROP TABLE title_orders;
