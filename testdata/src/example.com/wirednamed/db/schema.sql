CREATE TABLE partner_acks (
    message_id VARCHAR(64) PRIMARY KEY,
    code       VARCHAR(8)  NOT NULL
);

CREATE TABLE lot_receipts (
    lot_ref VARCHAR(64) PRIMARY KEY,
    count   INT         NOT NULL
);
