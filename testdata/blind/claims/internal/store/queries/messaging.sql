-- name: InsertOutbox :exec
INSERT INTO outbox (id, topic, payload) VALUES ($1, $2, $3);

-- name: ListUnpublishedOutbox :many
SELECT * FROM outbox
WHERE published_at IS NULL
ORDER BY created_at
LIMIT $1
FOR UPDATE SKIP LOCKED;

-- name: MarkOutboxPublished :exec
UPDATE outbox SET published_at = now() WHERE id = $1;

-- name: InsertProcessedWebhook :execrows
INSERT INTO processed_webhooks (provider, event_id)
VALUES ($1, $2)
ON CONFLICT (provider, event_id) DO NOTHING;

-- name: ProcessedWebhookExists :one
SELECT EXISTS (SELECT 1 FROM processed_webhooks WHERE provider = $1 AND event_id = $2);

-- name: InsertInboxMessage :execrows
INSERT INTO inbox_messages (consumer, message_id)
VALUES ($1, $2)
ON CONFLICT (consumer, message_id) DO NOTHING;

-- name: NotificationExists :one
SELECT EXISTS (SELECT 1 FROM notifications WHERE id = $1);

-- name: InsertNotification :exec
INSERT INTO notifications (id, claim_id, channel, template, recipient, provider_message_id)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (id) DO NOTHING;

-- name: InsertBrokerDelivery :exec
INSERT INTO broker_webhook_deliveries (claim_id, url, status_code) VALUES ($1, $2, $3);

-- name: UpsertSuppression :exec
INSERT INTO email_suppressions (email, reason)
VALUES ($1, $2)
ON CONFLICT (email) DO UPDATE SET reason = EXCLUDED.reason, updated_at = now();

-- name: InsertSESFeedback :exec
INSERT INTO ses_feedback_log (id, email, feedback_type, raw) VALUES ($1, $2, $3, $4);
