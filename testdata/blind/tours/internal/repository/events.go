package repository

import (
	"context"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// EventRepo records inbound webhook events we have processed.
type EventRepo struct {
	db *db.DB
}

// NewEventRepo constructs an EventRepo.
func NewEventRepo(d *db.DB) *EventRepo { return &EventRepo{db: d} }

// RecordStripeEvent marks a Stripe event processed. It reports false when the
// event had already been recorded.
func (r *EventRepo) RecordStripeEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	n, err := affected(r.db.Conn(ctx).ExecContext(ctx,
		`INSERT INTO stripe_events (event_id, type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`,
		eventID, eventType))
	if err != nil {
		return false, fmt.Errorf("stripe_events.record: %w", err)
	}
	return n == 1, nil
}

// SupplierEventSeen reports whether a partner-gateway event was processed.
func (r *EventRepo) SupplierEventSeen(ctx context.Context, eventID string) (bool, error) {
	var ok bool
	err := r.db.Conn(ctx).GetContext(ctx, &ok,
		`SELECT EXISTS (SELECT 1 FROM supplier_events WHERE event_id = $1)`, eventID)
	if err != nil {
		return false, fmt.Errorf("supplier_events.seen: %w", err)
	}
	return ok, nil
}

// RecordSupplierEvent marks a partner-gateway event processed.
func (r *EventRepo) RecordSupplierEvent(ctx context.Context, eventID, partnerCode, eventType string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`INSERT INTO supplier_events (event_id, partner_code, type) VALUES ($1, $2, $3)
		 ON CONFLICT (event_id) DO NOTHING`, eventID, partnerCode, eventType)
	if err != nil {
		return fmt.Errorf("supplier_events.record: %w", err)
	}
	return nil
}
