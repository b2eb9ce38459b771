package db

import (
	"context"
)

const insertNotification = `
INSERT INTO notifications (id, owner_id, channel, template, recipient, subject, body)
VALUES ($1, $2, $3, $4, $5, $6, $7)
`

type InsertNotificationParams struct {
	ID        string
	OwnerID   string
	Channel   string
	Template  string
	Recipient string
	Subject   *string
	Body      string
}

func (q *Queries) InsertNotification(ctx context.Context, arg InsertNotificationParams) error {
	_, err := q.db.Exec(ctx, insertNotification, arg.ID, arg.OwnerID, arg.Channel, arg.Template, arg.Recipient, arg.Subject, arg.Body)
	return err
}

const getNotification = `
SELECT id, owner_id, channel, template, recipient, subject, body, status, provider_ref, sent_at
FROM notifications WHERE id = $1
`

func (q *Queries) GetNotification(ctx context.Context, id string) (Notification, error) {
	var n Notification
	err := q.db.QueryRow(ctx, getNotification, id).Scan(&n.ID, &n.OwnerID, &n.Channel, &n.Template, &n.Recipient,
		&n.Subject, &n.Body, &n.Status, &n.ProviderRef, &n.SentAt)
	return n, err
}

const markNotificationSent = `
UPDATE notifications SET status = 'sent', provider_ref = $2, sent_at = now() WHERE id = $1
`

func (q *Queries) MarkNotificationSent(ctx context.Context, id, providerRef string) error {
	_, err := q.db.Exec(ctx, markNotificationSent, id, providerRef)
	return err
}
