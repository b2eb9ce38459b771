-- name: InsertOutboxEvent :exec
INSERT INTO outbox_events (id, topic, event_type, aggregate_type, aggregate_id, ordering_key, payload)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: LockUnpublishedOutbox :many
SELECT id, topic, event_type, aggregate_type, aggregate_id, ordering_key, payload, created_at, published_at, attempts, last_error FROM outbox_events
WHERE published_at IS NULL
ORDER BY created_at
LIMIT $1
FOR UPDATE SKIP LOCKED;

-- name: MarkOutboxPublished :exec
UPDATE outbox_events
SET published_at = now(), attempts = attempts + 1, last_error = NULL
WHERE id = $1;

-- name: MarkOutboxFailed :exec
UPDATE outbox_events
SET attempts = attempts + 1, last_error = $2
WHERE id = $1;
