-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: GetIdempotencyKey :one
SELECT * FROM idempotency_keys
WHERE scope = $1 AND key = $2;

-- name: SaveIdempotencyResponse :exec
UPDATE idempotency_keys
SET response_status = $3, response_body = $4
WHERE scope = $1 AND key = $2;

-- name: InsertOutboxEvent :exec
INSERT INTO outbox_events (id, subject, payload)
VALUES ($1, $2, $3);

-- name: ListUnpublishedOutbox :many
SELECT * FROM outbox_events
WHERE published_at IS NULL
ORDER BY created_at
LIMIT $1
FOR UPDATE SKIP LOCKED;

-- name: MarkOutboxPublished :exec
UPDATE outbox_events
SET published_at = now()
WHERE id = $1;
