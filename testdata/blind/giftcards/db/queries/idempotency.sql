-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: GetIdempotencyKey :one
SELECT * FROM idempotency_keys
WHERE scope = $1 AND key = $2;

-- name: SaveIdempotencyResponse :exec
UPDATE idempotency_keys
SET status_code = $3, response = $4
WHERE scope = $1 AND key = $2;

-- name: PutIdempotencyRecord :exec
INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (scope, key) DO UPDATE
SET status_code = EXCLUDED.status_code, response = EXCLUDED.response;
