-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING;

-- name: GetIdempotencyKey :one
SELECT * FROM idempotency_keys WHERE scope = $1 AND key = $2;

-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys
SET response_code = $3, response_body = $4, completed_at = now()
WHERE scope = $1 AND key = $2;

-- name: SaveIdempotencyResponse :exec
INSERT INTO idempotency_keys (scope, key, request_hash, response_code, response_body, completed_at)
VALUES ($1, $2, $3, $4, $5, now())
ON CONFLICT (scope, key) DO UPDATE
SET response_code = EXCLUDED.response_code,
    response_body = EXCLUDED.response_body,
    completed_at = now();

-- name: NotificationExists :one
SELECT EXISTS (SELECT 1 FROM notification_log WHERE dedup_key = $1);

-- name: InsertNotification :execrows
INSERT INTO notification_log (id, dedup_key, channel, recipient, template, provider_message_id)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (dedup_key) DO NOTHING;

-- name: SetNotificationProviderID :exec
UPDATE notification_log SET provider_message_id = $2 WHERE dedup_key = $1;

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
UPDATE outbox_events SET published_at = now() WHERE id = $1;

-- name: ClaimMessage :execrows
INSERT INTO processed_messages (consumer, message_id)
VALUES ($1, $2)
ON CONFLICT (consumer, message_id) DO NOTHING;
