package repo

import (
	"context"
	"database/sql"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Notification is a message sent (or to be sent) to a customer.
type Notification struct {
	ID            string
	DedupKey      string
	CustomerID    string
	Channel       string
	Template      string
	RefID         string
	Recipient     string
	Status        string
	ProviderMsgID string
}

// Notifications persists the customer notification log.
type Notifications struct{}

// Reserve records a pending notification under its dedup key and returns the
// notification stored for that key.
func (Notifications) Reserve(ctx context.Context, q db.Querier, n *Notification) (*Notification, error) {
	_, err := q.ExecContext(ctx, `
		INSERT INTO notifications (id, dedup_key, customer_id, channel, template, ref_id, recipient)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (dedup_key) DO NOTHING`,
		n.ID, n.DedupKey, n.CustomerID, n.Channel, n.Template, n.RefID, n.Recipient)
	if err != nil {
		return nil, err
	}
	var out Notification
	var dedup, msgID sql.NullString
	err = q.QueryRowContext(ctx, `
		SELECT id, dedup_key, customer_id, channel, template, ref_id, recipient, status, provider_msg_id
		FROM notifications WHERE dedup_key = $1`, n.DedupKey).
		Scan(&out.ID, &dedup, &out.CustomerID, &out.Channel, &out.Template, &out.RefID,
			&out.Recipient, &out.Status, &msgID)
	if err != nil {
		return nil, err
	}
	out.DedupKey, out.ProviderMsgID = dedup.String, msgID.String
	return &out, nil
}

// Log records a notification that has already been handed to a provider.
func (Notifications) Log(ctx context.Context, q db.Querier, n *Notification, sentAt time.Time) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO notifications (id, dedup_key, customer_id, channel, template, ref_id, recipient,
			status, provider_msg_id, sent_at)
		VALUES ($1, NULLIF($2, ''), $3, $4, $5, $6, $7, 'SENT', NULLIF($8, ''), $9)`,
		n.ID, n.DedupKey, n.CustomerID, n.Channel, n.Template, n.RefID, n.Recipient,
		n.ProviderMsgID, sentAt)
	return err
}

// MarkSent records the provider's message id for a reserved notification.
func (Notifications) MarkSent(ctx context.Context, q db.Querier, id, providerMsgID string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE notifications SET status = 'SENT', provider_msg_id = $2, sent_at = $3 WHERE id = $1`,
		id, providerMsgID, at)
	return err
}

// MarkFailed records a failed send.
func (Notifications) MarkFailed(ctx context.Context, q db.Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE notifications SET status = 'FAILED' WHERE id = $1 AND status <> 'SENT'`, id)
	return err
}
