CREATE TABLE acknowledgements (
    message_id VARCHAR(64) PRIMARY KEY,
    code       VARCHAR(8)  NOT NULL
);
