package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

// StripeEventRepo tracks which Stripe webhook events have been applied.
type StripeEventRepo struct {
	*Repository[domain.StripeEvent]
}

func NewStripeEventRepo(db *gorm.DB) *StripeEventRepo {
	return &StripeEventRepo{Repository: NewRepository[domain.StripeEvent](db)}
}

// Record inserts the event id and reports whether this is its first
// delivery. Call it inside the unit of work that applies the event.
func (r *StripeEventRepo) Record(ctx context.Context, eventID, eventType string) (bool, error) {
	return r.CreateIgnoreConflict(ctx, &domain.StripeEvent{
		EventID:     eventID,
		EventType:   eventType,
		ProcessedAt: time.Now().UTC(),
	}, "event_id")
}

func (r *StripeEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	return r.Exists(ctx, "event_id = ?", eventID)
}

func (r *StripeEventRepo) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	_, err := r.Record(ctx, eventID, eventType)
	return err
}
