package db

import (
	"context"
	"encoding/json"
)

const insertNotificationOnce = `-- name: InsertNotificationOnce :one
INSERT INTO notifications (id, dedup_key, policyholder_id, channel, template, params)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (dedup_key) DO NOTHING
RETURNING id`

// InsertNotificationOnce creates a notification keyed by its dedup key.
// inserted is false when a notification with that key already exists.
func (q *Queries) InsertNotificationOnce(ctx context.Context, n Notification) (inserted bool, err error) {
	params := n.Params
	if params == nil {
		params = json.RawMessage(`{}`)
	}
	var id string
	err = q.db.QueryRowContext(ctx, insertNotificationOnce,
		n.ID, n.DedupKey, n.PolicyholderID, n.Channel, n.Template, []byte(params)).Scan(&id)
	if notFound(err) == ErrNotFound {
		return false, nil
	}
	return err == nil, err
}

const getNotification = `-- name: GetNotification :one
SELECT id, dedup_key, policyholder_id, channel, template, params, status, provider_message_id
FROM notifications WHERE id = $1`

func (q *Queries) GetNotification(ctx context.Context, id string) (Notification, error) {
	var n Notification
	var params []byte
	err := q.db.QueryRowContext(ctx, getNotification, id).Scan(
		&n.ID, &n.DedupKey, &n.PolicyholderID, &n.Channel, &n.Template, &params, &n.Status, &n.ProviderMessageID)
	n.Params = params
	return n, notFound(err)
}

const markNotificationSent = `-- name: MarkNotificationSent :exec
UPDATE notifications SET status = 'sent', provider_message_id = $2, updated_at = now()
WHERE id = $1 AND status = 'queued'`

func (q *Queries) MarkNotificationSent(ctx context.Context, id, providerMessageID string) error {
	_, err := q.db.ExecContext(ctx, markNotificationSent, id, providerMessageID)
	return err
}

const markNotificationByProviderID = `-- name: MarkNotificationByProviderID :exec
UPDATE notifications SET status = $2, updated_at = now()
WHERE provider_message_id = $1 AND status <> 'delivered'`

func (q *Queries) MarkNotificationByProviderID(ctx context.Context, providerMessageID, status string) error {
	_, err := q.db.ExecContext(ctx, markNotificationByProviderID, providerMessageID, status)
	return err
}

const insertDeliveryReceipt = `-- name: InsertDeliveryReceipt :exec
INSERT INTO delivery_receipts (id, provider_message_id, status, error_code, raw)
VALUES ($1, $2, $3, $4, $5)`

func (q *Queries) InsertDeliveryReceipt(ctx context.Context, id, providerMessageID, status string, errorCode *string, raw []byte) error {
	_, err := q.db.ExecContext(ctx, insertDeliveryReceipt, id, providerMessageID, status, errorCode, raw)
	return err
}

const insertNotificationAttempt = `-- name: InsertNotificationAttempt :exec
INSERT INTO notification_attempts (id, notification_id, attempt, outcome, detail)
VALUES ($1, $2, $3, $4, $5)`

func (q *Queries) InsertNotificationAttempt(ctx context.Context, id, notificationID string, attempt int, outcome, detail string) error {
	_, err := q.db.ExecContext(ctx, insertNotificationAttempt, id, notificationID, attempt, outcome, detail)
	return err
}
