// Package notify queues courier text messages in an outbox table and sends
// them from a background job.
package notify

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/db"
)

// Message is a text queued for one courier. DedupKey names the business event
// the text is about ("payout-reversed:<payout id>"); a second Enqueue with
// the same key is a no-op.
type Message struct {
	DedupKey  string
	CourierID uuid.UUID
	Phone     string
	Template  string
	Body      string
}

// Outbox writes messages to the notifications table.
type Outbox struct {
	newID func() uuid.UUID
}

// NewOutbox returns an Outbox.
func NewOutbox() *Outbox {
	return &Outbox{newID: uuid.New}
}

// Enqueue adds m on q. Pass the transaction that carries the business change
// the message reports so that both commit together. It reports whether a new
// row was written.
func (o *Outbox) Enqueue(ctx context.Context, q *db.Queries, m Message) (bool, error) {
	if m.DedupKey == "" {
		return false, fmt.Errorf("notify: message %q has no dedup key", m.Template)
	}
	n, err := q.InsertNotification(ctx, db.InsertNotificationParams{
		ID:        o.newID(),
		DedupKey:  m.DedupKey,
		CourierID: m.CourierID,
		PhoneE164: m.Phone,
		Template:  m.Template,
		Body:      m.Body,
	})
	if err != nil {
		return false, fmt.Errorf("notify: enqueue %s: %w", m.DedupKey, err)
	}
	return n == 1, nil
}
