-- name: InsertProcessedEvent :execrows
INSERT INTO processed_events (source, event_id, processed_at)
VALUES ($1, $2, $3)
ON CONFLICT (source, event_id) DO NOTHING;

-- name: IsEventProcessed :one
SELECT EXISTS (SELECT 1 FROM processed_events WHERE source = $1 AND event_id = $2)::boolean;

-- name: EnqueueOutbox :execrows
INSERT INTO outbox (id, topic, message_key, payload, dedup_key, created_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (dedup_key) DO NOTHING;

-- name: ClaimOutbox :many
SELECT * FROM outbox
WHERE published_at IS NULL
ORDER BY created_at
LIMIT $1
FOR UPDATE SKIP LOCKED;

-- name: MarkOutboxPublished :exec
UPDATE outbox SET published_at = @published_at
WHERE id = ANY(@ids::uuid[]);

-- name: AppendWebhookReceipt :exec
INSERT INTO webhook_receipts (id, source, delivery_id, event_type, received_at)
VALUES ($1, $2, $3, $4, $5);

-- name: GetStoredResponse :one
SELECT * FROM api_idempotency WHERE scope = $1 AND idem_key = $2;

-- name: SaveStoredResponse :exec
INSERT INTO api_idempotency (scope, idem_key, status_code, response_body, created_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (scope, idem_key) DO UPDATE
SET status_code = EXCLUDED.status_code, response_body = EXCLUDED.response_body;
