package repository

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/store"
)

type EventRepository interface {
	Get(ctx context.Context, id string) (*domain.Event, error)
	GetByPromoterID(ctx context.Context, promoterEventID string) (*domain.Event, error)
	SetStatus(ctx context.Context, id, status string) error
	Reschedule(ctx context.Context, id string, startsAt time.Time) error
	MarkCompleted(ctx context.Context, id string, at time.Time) (bool, error)
	MarkSettled(ctx context.Context, id string) error
	ListAwaitingSettlement(ctx context.Context, completedBefore time.Time) ([]domain.Event, error)
	RecordScheduleChange(ctx context.Context, messageID, eventID string, oldStart, newStart time.Time) error
	ReplaceBarcode(ctx context.Context, eventID, oldBarcode, newBarcode string) error
}

type eventRepo struct {
	*store.Repository[domain.Event]
}

func NewEventRepository(db *gorm.DB) EventRepository {
	return &eventRepo{Repository: store.NewRepository[domain.Event](db)}
}

func (r *eventRepo) GetByPromoterID(ctx context.Context, promoterEventID string) (*domain.Event, error) {
	return r.FindOne(ctx, "promoter_event_id = ?", promoterEventID)
}

func (r *eventRepo) SetStatus(ctx context.Context, id, status string) error {
	return r.DB(ctx).Model(&domain.Event{}).Where("id = ?", id).Update("status", status).Error
}

func (r *eventRepo) Reschedule(ctx context.Context, id string, startsAt time.Time) error {
	return r.DB(ctx).Model(&domain.Event{}).Where("id = ?", id).
		Updates(map[string]any{"starts_at": startsAt, "status": "rescheduled"}).Error
}

func (r *eventRepo) MarkCompleted(ctx context.Context, id string, at time.Time) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE events SET status = 'completed', completed_at = ? WHERE id = ? AND completed_at IS NULL`, at, id)
	return res.RowsAffected == 1, res.Error
}

func (r *eventRepo) MarkSettled(ctx context.Context, id string) error {
	return r.DB(ctx).Exec(`UPDATE events SET settled_at = now() WHERE id = ?`, id).Error
}

func (r *eventRepo) ListAwaitingSettlement(ctx context.Context, completedBefore time.Time) ([]domain.Event, error) {
	return r.Find(ctx, "status = 'completed' AND completed_at < ? AND settled_at IS NULL", completedBefore)
}

func (r *eventRepo) RecordScheduleChange(ctx context.Context, messageID, eventID string, oldStart, newStart time.Time) error {
	return r.DB(ctx).Exec(`
		INSERT INTO event_schedule_changes (promoter_message_id, event_id, old_starts_at, new_starts_at)
		VALUES (?, ?, ?, ?)`, messageID, eventID, oldStart, newStart).Error
}

func (r *eventRepo) ReplaceBarcode(ctx context.Context, eventID, oldBarcode, newBarcode string) error {
	return r.DB(ctx).Exec(`
		INSERT INTO event_barcodes (event_id, barcode, replaced_by) VALUES (?, ?, ?)
		ON CONFLICT (event_id, barcode) DO UPDATE SET replaced_by = EXCLUDED.replaced_by, updated_at = now()`,
		eventID, oldBarcode, newBarcode).Error
}

type SettlementRepository interface {
	Create(ctx context.Context, b *domain.SettlementBatch) error
}

type settlementRepo struct {
	*store.Repository[domain.SettlementBatch]
}

func NewSettlementRepository(db *gorm.DB) SettlementRepository {
	return &settlementRepo{Repository: store.NewRepository[domain.SettlementBatch](db)}
}
