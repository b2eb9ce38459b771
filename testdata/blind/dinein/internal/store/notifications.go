package store

import (
	"context"

	"github.com/google/uuid"
)

// NotificationRepository persists outbound SMS and push messages.
type NotificationRepository interface {
	// Enqueue records a notification under its dedupe key and returns the
	// stored row; a second call with the same key returns the first row.
	Enqueue(ctx context.Context, q Querier, n *Notification) (*Notification, error)
	Get(ctx context.Context, q Querier, id uuid.UUID) (*Notification, error)
	MarkSent(ctx context.Context, q Querier, id uuid.UUID, providerRef string) error
}

type pgNotifications struct{}

// NewNotificationRepository returns the Postgres notification repository.
func NewNotificationRepository() *pgNotifications { return &pgNotifications{} }

const notificationColumns = `id, channel, recipient, template, body, dedupe_key, status, provider_ref, sent_at`

func (r *pgNotifications) Enqueue(ctx context.Context, q Querier, n *Notification) (*Notification, error) {
	var out Notification
	err := q.QueryRow(ctx, `
		INSERT INTO notifications (id, channel, recipient, template, body, dedupe_key)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (dedupe_key) DO UPDATE SET dedupe_key = notifications.dedupe_key
		RETURNING `+notificationColumns,
		n.ID, n.Channel, n.Recipient, n.Template, n.Body, n.DedupeKey).
		Scan(&out.ID, &out.Channel, &out.Recipient, &out.Template, &out.Body, &out.DedupeKey,
			&out.Status, &out.ProviderRef, &out.SentAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &out, nil
}

func (r *pgNotifications) Get(ctx context.Context, q Querier, id uuid.UUID) (*Notification, error) {
	var out Notification
	err := q.QueryRow(ctx, `SELECT `+notificationColumns+` FROM notifications WHERE id = $1`, id).
		Scan(&out.ID, &out.Channel, &out.Recipient, &out.Template, &out.Body, &out.DedupeKey,
			&out.Status, &out.ProviderRef, &out.SentAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &out, nil
}

func (r *pgNotifications) MarkSent(ctx context.Context, q Querier, id uuid.UUID, providerRef string) error {
	_, err := q.Exec(ctx, `
		UPDATE notifications SET status = 'sent', provider_ref = $2, sent_at = now()
		WHERE id = $1`, id, providerRef)
	return err
}
