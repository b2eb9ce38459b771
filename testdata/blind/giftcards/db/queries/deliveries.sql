-- name: CreateDelivery :one
INSERT INTO deliveries (id, card_id, channel, destination, status)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- name: InsertDeliveryIfAbsent :execrows
INSERT INTO deliveries (id, card_id, channel, destination, status)
VALUES ($1, $2, $3, $4, 'pending')
ON CONFLICT (id) DO NOTHING;

-- name: GetDelivery :one
SELECT * FROM deliveries
WHERE id = $1;

-- name: ClaimDelivery :execrows
UPDATE deliveries SET status = 'sending'
WHERE id = $1 AND status = 'pending';

-- name: MarkDeliverySent :exec
UPDATE deliveries
SET status = 'sent', provider_ref = $2, sent_at = now()
WHERE id = $1;

-- name: ResetDeliveryForRetry :execrows
UPDATE deliveries SET status = 'pending'
WHERE id = $1 AND card_id = $2 AND status = 'failed';

-- name: MarkDeliveryFailed :exec
UPDATE deliveries SET status = 'failed'
WHERE id = $1;

-- name: InsertDeliveryAttempt :exec
INSERT INTO delivery_attempts (id, delivery_id, attempt, error)
VALUES ($1, $2, $3, $4);
