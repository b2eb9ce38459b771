-- name: InsertOutboxEvent :execrows
INSERT INTO webhook_outbox (id, merchant_id, event_type, payload)
VALUES ($1, $2, $3, $4)
ON CONFLICT (id) DO NOTHING;

-- name: GetOutboxEvent :one
SELECT * FROM webhook_outbox
WHERE id = $1;

-- name: MarkOutboxDelivered :exec
UPDATE webhook_outbox
SET status = 'delivered', delivered_at = now(), attempts = attempts + 1
WHERE id = $1;

-- name: BumpOutboxAttempts :exec
UPDATE webhook_outbox SET attempts = attempts + 1
WHERE id = $1;
