-- name: QueueNotification :one
INSERT INTO notifications (id, attendee_id, channel, recipient, template, dedup_key, body)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (dedup_key) DO NOTHING
RETURNING *;

-- name: GetNotification :one
SELECT * FROM notifications WHERE id = $1;

-- name: GetNotificationByDedupKey :one
SELECT * FROM notifications WHERE dedup_key = $1;

-- name: NotificationExists :one
SELECT EXISTS (SELECT 1 FROM notifications WHERE dedup_key = $1);

-- name: RecordSentNotification :exec
INSERT INTO notifications (id, attendee_id, channel, recipient, template, dedup_key, body, status, provider_ref, sent_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, 'sent', $8, now())
ON CONFLICT (dedup_key) DO NOTHING;

-- name: MarkNotificationSent :exec
UPDATE notifications
SET status = 'sent', provider_ref = $2, sent_at = now()
WHERE id = $1;

-- name: UpsertDevice :exec
INSERT INTO devices (attendee_id, token, platform)
VALUES ($1, $2, $3)
ON CONFLICT (attendee_id, token) DO UPDATE
    SET platform = EXCLUDED.platform,
        updated_at = now();

-- name: ListDeviceTokens :many
SELECT token FROM devices WHERE attendee_id = $1 ORDER BY updated_at DESC;
