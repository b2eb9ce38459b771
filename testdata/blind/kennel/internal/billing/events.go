// Package billing receives Stripe webhooks for deposits, checkout charges
// and refunds.
package billing

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// ProcessedEvent marks a Stripe event as handled.
type ProcessedEvent struct {
	bun.BaseModel `bun:"table:stripe_events"`

	EventID     string    `bun:"event_id,pk"`
	Type        string    `bun:"type,notnull"`
	ProcessedAt time.Time `bun:"processed_at,nullzero,notnull,default:current_timestamp"`
}

// EventLog records which Stripe events were handled. Stripe redelivers an
// event until it gets a 2xx, and occasionally delivers one twice anyway.
type EventLog struct {
	db *bun.DB
}

// NewEventLog returns the log.
func NewEventLog(db *bun.DB) *EventLog { return &EventLog{db: db} }

// Seen reports whether the event was handled.
func (l *EventLog) Seen(ctx context.Context, eventID string) (bool, error) {
	return l.db.NewSelect().Model((*ProcessedEvent)(nil)).Where("event_id = ?", eventID).Exists(ctx)
}

// Record marks the event handled.
func (l *EventLog) Record(ctx context.Context, eventID, typ string) error {
	_, err := l.db.NewInsert().Model(&ProcessedEvent{EventID: eventID, Type: typ}).
		On("CONFLICT (event_id) DO NOTHING").
		Exec(ctx)
	return err
}

// Claim marks the event handled inside tx and reports whether this call
// was the first to do so.
func (l *EventLog) Claim(ctx context.Context, tx bun.IDB, eventID, typ string) (bool, error) {
	res, err := tx.NewInsert().Model(&ProcessedEvent{EventID: eventID, Type: typ}).
		On("CONFLICT (event_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
