package store

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Inbox records which broker messages a consumer has handled.
type Inbox struct{}

// NewInbox returns an Inbox repository.
func NewInbox() *Inbox { return &Inbox{} }

// Claim inserts (consumer, key) and reports whether this call inserted it.
// Run it on the transaction that applies the message.
func (r *Inbox) Claim(ctx context.Context, q pgdb.Querier, consumer, key string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO processed_messages (consumer, message_key) VALUES ($1, $2)
		ON CONFLICT (consumer, message_key) DO NOTHING`, consumer, key)
	if err != nil {
		return false, fmt.Errorf("inbox: claim: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Seen reports whether a message was already recorded.
func (r *Inbox) Seen(ctx context.Context, q pgdb.Querier, consumer, key string) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_key = $2)`,
		consumer, key).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("inbox: seen: %w", err)
	}
	return ok, nil
}

// Record marks a message handled.
func (r *Inbox) Record(ctx context.Context, q pgdb.Querier, consumer, key string) error {
	_, err := r.Claim(ctx, q, consumer, key)
	return err
}

// Notifications is the append-only log of messages sent to users and the
// log of seller webhook deliveries.
type Notifications struct{}

// NewNotifications returns a Notifications repository.
func NewNotifications() *Notifications { return &Notifications{} }

// Log appends one sent notification.
func (r *Notifications) Log(ctx context.Context, q pgdb.Querier, id, recipient, template, channel, providerID string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO notifications (id, recipient_id, template, channel, provider_message_id)
		VALUES ($1, $2, $3, $4, $5)`, id, recipient, template, channel, nullable(providerID))
	if err != nil {
		return fmt.Errorf("notifications: log: %w", err)
	}
	return nil
}

// LogDelivery appends one seller webhook delivery.
func (r *Notifications) LogDelivery(ctx context.Context, q pgdb.Querier, id, sellerID, eventType, subjectID string, status int) error {
	_, err := q.Exec(ctx, `
		INSERT INTO webhook_deliveries (id, seller_id, event_type, subject_id, status_code)
		VALUES ($1, $2, $3, $4, $5)`, id, sellerID, eventType, subjectID, status)
	if err != nil {
		return fmt.Errorf("notifications: log delivery: %w", err)
	}
	return nil
}
