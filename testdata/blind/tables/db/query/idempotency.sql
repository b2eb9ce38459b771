-- name: ClaimIdempotencyKey :one
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING
RETURNING scope, key, request_hash, resource_id, created_at, completed_at;

-- name: ReserveIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: GetIdempotencyKey :one
SELECT scope, key, request_hash, resource_id, created_at, completed_at
FROM idempotency_keys
WHERE scope = $1 AND key = $2;

-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys
SET resource_id = $3, completed_at = now()
WHERE scope = $1 AND key = $2;
