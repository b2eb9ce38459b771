CREATE TABLE message_threads (
    id         CHAR(36)    NOT NULL,
    booking_id CHAR(26)    NOT NULL,
    renter_id  CHAR(36)    NOT NULL,
    owner_id   CHAR(36)    NOT NULL,
    created_at DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_threads_booking (booking_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;

-- client_message_id is set by the app for user messages; NULL for system
-- messages.
CREATE TABLE messages (
    id                CHAR(36)    NOT NULL,
    thread_id         CHAR(36)    NOT NULL,
    sender_id         CHAR(36)    NULL,
    client_message_id VARCHAR(64) NULL,
    kind              VARCHAR(16) NOT NULL,
    body              TEXT        NOT NULL,
    created_at        DATETIME(6) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY uq_messages_client_id (thread_id, client_message_id),
    KEY ix_messages_thread (thread_id, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
