package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// ProcessedEvents remembers which Kafka events a consumer has handled.
type ProcessedEvents struct {
	*db.Repository[domain.ProcessedEvent]
}

func NewProcessedEvents(g *gorm.DB) *ProcessedEvents {
	return &ProcessedEvents{Repository: db.NewRepository[domain.ProcessedEvent](g)}
}

func (r *ProcessedEvents) Seen(ctx context.Context, consumer, eventID string) (bool, error) {
	return r.Exists(ctx, "consumer = ? AND event_id = ?", consumer, eventID)
}

func (r *ProcessedEvents) MarkSeen(ctx context.Context, consumer, eventID string) error {
	_, err := r.CreateIgnoreConflict(ctx, &domain.ProcessedEvent{
		Consumer: consumer, EventID: eventID, ProcessedAt: time.Now(),
	}, "consumer", "event_id")
	return err
}

// IdempotencyKeys stores HTTP responses by Idempotency-Key.
type IdempotencyKeys struct {
	*db.Repository[domain.IdempotencyRecord]
}

func NewIdempotencyKeys(g *gorm.DB) *IdempotencyKeys {
	return &IdempotencyKeys{Repository: db.NewRepository[domain.IdempotencyRecord](g)}
}

func (r *IdempotencyKeys) Lookup(ctx context.Context, key string) (*domain.IdempotencyRecord, error) {
	return r.FindOne(ctx, "key = ?", key)
}

// Remember stores a response; the first stored response wins.
func (r *IdempotencyKeys) Remember(ctx context.Context, rec *domain.IdempotencyRecord) error {
	_, err := r.CreateIgnoreConflict(ctx, rec, "key")
	return err
}
