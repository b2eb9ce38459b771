CREATE TABLE idempotency_records (
    reseller_id  uuid NOT NULL REFERENCES resellers (id),
    key          text NOT NULL,
    status_code  int NOT NULL,
    response     jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (reseller_id, key)
);

ALTER TABLE topups ADD COLUMN source text NOT NULL DEFAULT 'app';
