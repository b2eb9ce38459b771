-- name: InsertIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: GetIdempotencyKey :one
SELECT scope, key, request_hash, resource_id, response_status, response_body, created_at FROM idempotency_keys
WHERE scope = $1 AND key = $2;

-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys
SET resource_id = $3,
    response_status = $4,
    response_body = $5
WHERE scope = $1 AND key = $2;

-- name: DeleteIdempotencyKey :exec
DELETE FROM idempotency_keys
WHERE scope = $1 AND key = $2 AND response_status IS NULL;
