CREATE TABLE bookings (
    id                 CHAR(26)     NOT NULL,
    listing_id         CHAR(36)     NOT NULL,
    renter_id          CHAR(36)     NOT NULL,
    owner_id           CHAR(36)     NOT NULL,
    start_day          DATE         NOT NULL,
    end_day            DATE         NOT NULL,
    status             VARCHAR(16)  NOT NULL,
    rental_cents       BIGINT       NOT NULL,
    fee_cents          BIGINT       NOT NULL,
    deposit_cents      BIGINT       NOT NULL,
    currency           CHAR(3)      NOT NULL,
    payment_intent_id  VARCHAR(64)  NULL,
    payment_method_id  VARCHAR(64)  NOT NULL,
    note               TEXT         NOT NULL,
    cancelled_at       DATETIME(6)  NULL,
    cancellation_actor CHAR(36)     NULL,
    created_at         DATETIME(6)  NOT NULL,
    updated_at         DATETIME(6)  NOT NULL,
    PRIMARY KEY (id),
    KEY ix_bookings_listing (listing_id, start_day),
    KEY ix_bookings_renter (renter_id, created_at),
    KEY ix_bookings_status_start (status, start_day),
    KEY ix_bookings_status_end (status, end_day),
    CONSTRAINT fk_bookings_listing FOREIGN KEY (listing_id) REFERENCES listings (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

-- One row per listing per calendar day: the unique key is what prevents
-- double booking.
CREATE TABLE availability_holds (
    id         CHAR(36)    NOT NULL,
    listing_id CHAR(36)    NOT NULL,
    day        DATE        NOT NULL,
    booking_id CHAR(26)    NOT NULL,
    expires_at DATETIME(6) NOT NULL,
    created_at DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_holds_listing_day (listing_id, day),
    KEY ix_holds_booking (booking_id),
    KEY ix_holds_expires (expires_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
