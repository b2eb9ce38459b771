-- name: InsertNotification :execrows
INSERT INTO notifications (id, dedup_key, courier_id, phone_e164, template, body)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (dedup_key) DO NOTHING;

-- name: ClaimPendingNotifications :many
UPDATE notifications
SET status = 'sending', updated_at = now()
WHERE id IN (
    SELECT n.id FROM notifications n
    WHERE n.status = 'pending'
    ORDER BY n.created_at
    LIMIT $1
    FOR UPDATE SKIP LOCKED
)
RETURNING *;

-- name: InsertNotificationAttempt :one
INSERT INTO notification_attempts (notification_id, attempt_no, started_at)
SELECT $1, COALESCE(MAX(attempt_no), 0) + 1, $2
FROM notification_attempts
WHERE notification_id = $1
RETURNING id, attempt_no;

-- name: FinishNotificationAttempt :exec
UPDATE notification_attempts
SET finished_at = $2, outcome = $3, error = $4
WHERE id = $1;

-- name: MarkNotificationSent :exec
UPDATE notifications
SET status = 'sent', provider_message_id = $2, updated_at = now()
WHERE id = $1;

-- name: MarkNotificationFailed :exec
UPDATE notifications SET status = 'failed', updated_at = now() WHERE id = $1;

-- name: MarkStaleSendingForReview :execrows
UPDATE notifications
SET status = 'needs_review', updated_at = now()
WHERE status = 'sending' AND updated_at < $1;
