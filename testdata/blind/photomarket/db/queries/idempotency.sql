-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: GetIdempotencyKey :one
SELECT * FROM idempotency_keys
WHERE scope = $1 AND key = $2;

-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys
SET resource_id = $3, response_code = $4, response_body = $5
WHERE scope = $1 AND key = $2;

-- name: SaveIdempotencyResponse :exec
INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, response_code, response_body)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (scope, key) DO UPDATE
SET response_code = EXCLUDED.response_code, response_body = EXCLUDED.response_body;
