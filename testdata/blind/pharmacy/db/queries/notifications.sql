-- name: ClaimNotificationForSend :execrows
UPDATE notifications
SET status = 'sending', updated_at = now()
WHERE id = $1 AND status = 'pending';

-- name: GetNotification :one
SELECT id, patient_id, order_id, template, to_phone, body, status, provider_sid, created_at, sent_at, updated_at FROM notifications
WHERE id = $1;

-- name: InsertNotification :exec
INSERT INTO notifications (id, patient_id, order_id, template, to_phone, body, status, provider_sid, sent_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- name: InsertNotificationAttempt :exec
INSERT INTO notification_attempts (id, notification_id, provider_sid, status, detail)
VALUES ($1, $2, $3, $4, $5);

-- name: InsertRefillReminder :exec
INSERT INTO refill_reminders (id, prescription_id, due_date, notification_id)
VALUES ($1, $2, $3, $4);

-- name: MarkNotificationSent :exec
UPDATE notifications
SET status = 'sent', provider_sid = $2, sent_at = now(), updated_at = now()
WHERE id = $1;

-- name: MarkNotificationStatus :exec
UPDATE notifications
SET status = $2, updated_at = now()
WHERE id = $1;

-- name: UpdateNotificationStatusBySID :one
UPDATE notifications
SET status = $2, updated_at = now()
WHERE provider_sid = $1
RETURNING id;
