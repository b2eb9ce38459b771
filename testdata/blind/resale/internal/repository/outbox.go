package repository

import (
	"context"
	"encoding/json"
	"fmt"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/platform/store"
)

// OutboxRepository stages background tasks next to the writes that cause
// them; the relay hands them to the queue after commit.
type OutboxRepository interface {
	Add(ctx context.Context, taskType string, payload any) error
	Pending(ctx context.Context, limit int) ([]domain.OutboxTask, error)
	MarkDispatched(ctx context.Context, id string) error
}

type outboxRepo struct {
	*store.Repository[domain.OutboxTask]
}

func NewOutboxRepository(db *gorm.DB) OutboxRepository {
	return &outboxRepo{Repository: store.NewRepository[domain.OutboxTask](db)}
}

func (r *outboxRepo) Add(ctx context.Context, taskType string, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox payload: %w", err)
	}
	return r.Create(ctx, &domain.OutboxTask{ID: ids.Prefixed("obx"), TaskType: taskType, Payload: raw})
}

func (r *outboxRepo) Pending(ctx context.Context, limit int) ([]domain.OutboxTask, error) {
	var out []domain.OutboxTask
	err := r.DB(ctx).Where("dispatched_at IS NULL").Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

func (r *outboxRepo) MarkDispatched(ctx context.Context, id string) error {
	return r.DB(ctx).Exec(`UPDATE outbox_tasks SET dispatched_at = now() WHERE id = ? AND dispatched_at IS NULL`, id).Error
}
