-- name: ClaimNotification :execrows
INSERT INTO notifications (id, recipient, channel, template, subject_ref)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (template, subject_ref, channel) DO NOTHING;

-- name: NotificationSent :one
SELECT EXISTS (
    SELECT 1 FROM notifications
    WHERE template = $1 AND subject_ref = $2 AND channel = $3
);

-- name: DeleteNotification :exec
DELETE FROM notifications WHERE id = $1 AND provider_message_id IS NULL;

-- name: SetNotificationProviderID :exec
UPDATE notifications SET provider_message_id = $2 WHERE id = $1;
