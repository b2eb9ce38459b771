-- name: InsertOutboxTask :exec
INSERT INTO task_outbox (id, task_type, payload)
VALUES ($1, $2, $3)
ON CONFLICT (id) DO NOTHING;

-- name: ListPendingOutbox :many
SELECT id, task_type, payload, created_at, enqueued_at FROM task_outbox
WHERE enqueued_at IS NULL
ORDER BY created_at
LIMIT $1
FOR UPDATE SKIP LOCKED;

-- name: MarkOutboxEnqueued :exec
UPDATE task_outbox SET enqueued_at = now() WHERE id = $1;
