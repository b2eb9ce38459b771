-- +goose Up
-- Responses remembered for gRPC methods that accept an idempotency-key
-- metadata header.
CREATE TABLE grpc_idempotency_keys (
    key          text NOT NULL,
    method       text NOT NULL,
    response     jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (method, key)
);

CREATE INDEX grpc_idempotency_keys_created_idx ON grpc_idempotency_keys (created_at);

-- +goose Down
DROP TABLE grpc_idempotency_keys;
