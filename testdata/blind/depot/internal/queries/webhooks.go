package queries

const (
	UpsertWebhookEndpoint = `
INSERT INTO webhook_endpoints (id, merchant_id, url, secret, event_types, active, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, true, $6, $6)
ON CONFLICT (merchant_id, url)
DO UPDATE SET event_types = EXCLUDED.event_types, active = true, updated_at = EXCLUDED.updated_at
RETURNING id, merchant_id, url, secret, event_types, active, created_at, updated_at`

	ListActiveEndpoints = `
SELECT id, merchant_id, url, secret, event_types, active, created_at, updated_at
  FROM webhook_endpoints WHERE merchant_id = $1 AND active`

	InsertWebhookDelivery = `
INSERT INTO webhook_deliveries (event_id, endpoint_id, status_code, duration_ms)
VALUES ($1, $2, $3, $4)`

	EnqueueOutbox = `
INSERT INTO outbox (event_id, destination, topic, merchant_id, partition_key, payload)
VALUES (:event_id, :destination, :topic, :merchant_id, :partition_key, :payload)
ON CONFLICT (event_id, destination) DO NOTHING`

	ClaimOutboxBatch = `
SELECT id, event_id, destination, topic, merchant_id, partition_key, payload, status,
       attempts, next_attempt_at, created_at
  FROM outbox
 WHERE status = 'pending' AND next_attempt_at <= $1
 ORDER BY id
 LIMIT $2
 FOR UPDATE SKIP LOCKED`

	MarkOutboxSent = `
UPDATE outbox SET status = 'sent', sent_at = $2 WHERE id = $1`

	MarkOutboxRetry = `
UPDATE outbox
   SET attempts = attempts + 1, next_attempt_at = $2, last_error = $3,
       status = CASE WHEN attempts + 1 >= $4 THEN 'dead' ELSE 'pending' END
 WHERE id = $1`
)
