// Package inbox remembers which provider webhook events have been handled.
package inbox

import (
	"context"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/store"
)

// Inbox tracks processed Stripe events by event ID.
type Inbox interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

type pgInbox struct {
	st *store.Store
}

func New(st *store.Store) Inbox {
	return &pgInbox{st: st}
}

func (i *pgInbox) Seen(ctx context.Context, eventID string) (bool, error) {
	return i.st.StripeEventProcessed(ctx, eventID)
}

func (i *pgInbox) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	return i.st.RecordStripeEvent(ctx, db.RecordStripeEventParams{EventID: eventID, EventType: eventType})
}
