package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// StripeEventRepository keeps a copy of every Stripe webhook event we
// accepted, for audit and replay.
type StripeEventRepository struct{ base }

// NewStripeEventRepository builds a StripeEventRepository.
func NewStripeEventRepository(db *gorm.DB) *StripeEventRepository {
	return &StripeEventRepository{base{db: db}}
}

// Insert stores the event.
func (r *StripeEventRepository) Insert(ctx context.Context, eventID, eventType string, payload []byte) error {
	err := r.conn(ctx).Exec(`
		INSERT INTO stripe_events (event_id, type, payload)
		VALUES (?, ?, ?)`, eventID, eventType, payload).Error
	if err != nil {
		return fmt.Errorf("insert stripe event %s: %w", eventID, err)
	}
	return nil
}
