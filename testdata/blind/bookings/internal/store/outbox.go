package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/domain"
)

// OutboxRepository writes integration events in the caller's transaction.
type OutboxRepository struct{ base }

// NewOutboxRepository builds an OutboxRepository.
func NewOutboxRepository(db *gorm.DB) *OutboxRepository {
	return &OutboxRepository{base{db: db}}
}

// Add enqueues an event. The id is always derived from the business fact
// (e.g. "booking-confirmed:<id>") so re-adding the same fact is a no-op.
func (r *OutboxRepository) Add(ctx context.Context, id, topic, key string, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal outbox payload: %w", err)
	}
	return r.conn(ctx).Exec(`
		INSERT INTO outbox_events (id, topic, msg_key, payload)
		VALUES (?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, id, topic, key, raw).Error
}

// ClaimBatch locks up to limit unpublished events for the relay.
func (r *OutboxRepository) ClaimBatch(ctx context.Context, limit int) ([]domain.OutboxEvent, error) {
	var out []domain.OutboxEvent
	err := r.conn(ctx).Raw(`
		SELECT id, topic, msg_key, payload, created_at, published_at
		  FROM outbox_events
		 WHERE published_at IS NULL
		 ORDER BY created_at
		 LIMIT ?
		   FOR UPDATE SKIP LOCKED`, limit).Scan(&out).Error
	return out, err
}

// MarkPublished stamps the given events as sent.
func (r *OutboxRepository) MarkPublished(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	return r.conn(ctx).Exec(`UPDATE outbox_events SET published_at = ? WHERE id IN ?`, time.Now().UTC(), ids).Error
}
