package db

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const notificationColumns = `id, dedup_key, rider_id, phone, kind, body, status, provider_message_id,
       created_at, sent_at, delivered_at`

func scanNotification(row interface{ Scan(...any) error }) (Notification, error) {
	var i Notification
	err := row.Scan(
		&i.ID,
		&i.DedupKey,
		&i.RiderID,
		&i.Phone,
		&i.Kind,
		&i.Body,
		&i.Status,
		&i.ProviderMessageID,
		&i.CreatedAt,
		&i.SentAt,
		&i.DeliveredAt,
	)
	return i, err
}

const claimNotification = `-- name: ClaimNotification :one
INSERT INTO notifications (id, dedup_key, rider_id, phone, kind, body)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (dedup_key) WHERE dedup_key IS NOT NULL
DO UPDATE SET dedup_key = EXCLUDED.dedup_key
RETURNING ` + notificationColumns

type ClaimNotificationParams struct {
	ID       uuid.UUID
	DedupKey pgtype.Text
	RiderID  pgtype.UUID
	Phone    string
	Kind     string
	Body     string
}

// ClaimNotification inserts the notification or returns the row that already
// holds the dedup key.
func (q *Queries) ClaimNotification(ctx context.Context, arg ClaimNotificationParams) (Notification, error) {
	row := q.db.QueryRow(ctx, claimNotification,
		arg.ID,
		arg.DedupKey,
		arg.RiderID,
		arg.Phone,
		arg.Kind,
		arg.Body,
	)
	return scanNotification(row)
}

const getNotificationByDedupKey = `-- name: GetNotificationByDedupKey :one
SELECT ` + notificationColumns + ` FROM notifications WHERE dedup_key = $1`

func (q *Queries) GetNotificationByDedupKey(ctx context.Context, dedupKey pgtype.Text) (Notification, error) {
	return scanNotification(q.db.QueryRow(ctx, getNotificationByDedupKey, dedupKey))
}

const recordSentNotification = `-- name: RecordSentNotification :exec
INSERT INTO notifications (id, dedup_key, rider_id, phone, kind, body, status, provider_message_id, sent_at)
VALUES ($1, $2, $3, $4, $5, $6, 'sent', $7, now())
ON CONFLICT (dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING`

type RecordSentNotificationParams struct {
	ID                uuid.UUID
	DedupKey          pgtype.Text
	RiderID           pgtype.UUID
	Phone             string
	Kind              string
	Body              string
	ProviderMessageID pgtype.Text
}

func (q *Queries) RecordSentNotification(ctx context.Context, arg RecordSentNotificationParams) error {
	_, err := q.db.Exec(ctx, recordSentNotification,
		arg.ID,
		arg.DedupKey,
		arg.RiderID,
		arg.Phone,
		arg.Kind,
		arg.Body,
		arg.ProviderMessageID,
	)
	return err
}

const markNotificationSent = `-- name: MarkNotificationSent :exec
UPDATE notifications
SET status = 'sent', provider_message_id = $2, sent_at = now()
WHERE id = $1`

type MarkNotificationSentParams struct {
	ID                uuid.UUID
	ProviderMessageID pgtype.Text
}

func (q *Queries) MarkNotificationSent(ctx context.Context, arg MarkNotificationSentParams) error {
	_, err := q.db.Exec(ctx, markNotificationSent, arg.ID, arg.ProviderMessageID)
	return err
}
