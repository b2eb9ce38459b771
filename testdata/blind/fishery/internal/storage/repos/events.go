package repos

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/storage"
)

type ProcessedEventRepo struct {
	storage.Repository[domain.ProcessedEvent]
}

func NewProcessedEventRepo(db *gorm.DB) *ProcessedEventRepo {
	return &ProcessedEventRepo{Repository: storage.NewRepository[domain.ProcessedEvent](db)}
}

func (r *ProcessedEventRepo) Seen(ctx context.Context, consumer, eventID string) (bool, error) {
	var n int64
	err := r.DB(ctx).Model(&domain.ProcessedEvent{}).
		Where("consumer = ? AND event_id = ?", consumer, eventID).
		Count(&n).Error
	return n > 0, err
}

func (r *ProcessedEventRepo) Record(ctx context.Context, consumer, eventID string) error {
	_, err := r.Claim(ctx, consumer, eventID)
	return err
}

func (r *ProcessedEventRepo) Claim(ctx context.Context, consumer, eventID string) (bool, error) {
	return r.CreateIfAbsent(ctx, &domain.ProcessedEvent{
		Consumer:    consumer,
		EventID:     eventID,
		ProcessedAt: time.Now(),
	}, "consumer", "event_id")
}

type OutboxRepo struct {
	storage.Repository[domain.OutboxMessage]
}

func NewOutboxRepo(db *gorm.DB) *OutboxRepo {
	return &OutboxRepo{Repository: storage.NewRepository[domain.OutboxMessage](db)}
}

// Add writes a job to the outbox. Call it inside the unit of work that makes
// the change the job reacts to.
func (r *OutboxRepo) Add(ctx context.Context, taskType string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: encode %s: %w", taskType, err)
	}
	return r.Create(ctx, &domain.OutboxMessage{
		ID:       uuid.New(),
		TaskType: taskType,
		Payload:  body,
	})
}

func (r *OutboxRepo) Pending(ctx context.Context, limit int) ([]domain.OutboxMessage, error) {
	var out []domain.OutboxMessage
	err := r.DB(ctx).Where("dispatched_at IS NULL").Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

func (r *OutboxRepo) MarkDispatched(ctx context.Context, id uuid.UUID) error {
	_, err := r.UpdateColumns(ctx, id, map[string]any{"dispatched_at": time.Now()})
	return err
}
