-- name: ClaimIdempotencyKey :one
INSERT INTO idempotency_keys (scope, key, resource_id)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING
RETURNING *;

-- name: GetIdempotencyKey :one
SELECT * FROM idempotency_keys WHERE scope = $1 AND key = $2;

-- name: SaveIdempotentResponse :exec
INSERT INTO idempotency_keys (scope, key, resource_id, status_code, response)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (scope, key) DO UPDATE
    SET status_code = EXCLUDED.status_code,
        response = EXCLUDED.response;
