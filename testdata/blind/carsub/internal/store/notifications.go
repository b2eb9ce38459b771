package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/drivewise/carsub/internal/domain"
)

type NotificationRepo struct {
	db *gorm.DB
}

func NewNotificationRepo(db *gorm.DB) *NotificationRepo {
	return &NotificationRepo{db: db}
}

// Enqueue adds the notification to the outbox unless one with the same
// dedupe key is already there.
func (r *NotificationRepo) Enqueue(ctx context.Context, n *domain.Notification) (bool, error) {
	res := conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "dedupe_key"}},
		DoNothing: true,
	}).Create(n)
	return res.RowsAffected == 1, res.Error
}

// LeaseBatch locks up to limit deliverable notifications for lease and
// returns them. Rows whose lease expired are picked up again.
func (r *NotificationRepo) LeaseBatch(ctx context.Context, limit int, lease time.Duration) ([]domain.Notification, error) {
	var batch []domain.Notification
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("(status = ? OR (status = ? AND locked_until < now())) AND attempts < 8",
				domain.NotificationQueued, domain.NotificationSending).
			Order("created_at").
			Limit(limit).
			Find(&batch).Error
		if err != nil || len(batch) == 0 {
			return err
		}
		ids := make([]uuid.UUID, len(batch))
		for i := range batch {
			ids[i] = batch[i].ID
		}
		return tx.Model(&domain.Notification{}).
			Where("id IN ?", ids).
			Updates(map[string]any{
				"status":       domain.NotificationSending,
				"locked_until": time.Now().Add(lease),
				"attempts":     gorm.Expr("attempts + 1"),
			}).Error
	})
	return batch, err
}

func (r *NotificationRepo) MarkSent(ctx context.Context, id uuid.UUID, providerMessageID string) error {
	return conn(ctx, r.db).Model(&domain.Notification{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":              domain.NotificationSent,
			"provider_message_id": providerMessageID,
			"sent_at":             gorm.Expr("now()"),
			"locked_until":        nil,
		}).Error
}

func (r *NotificationRepo) MarkFailed(ctx context.Context, id uuid.UUID, reason string, final bool) error {
	status := domain.NotificationQueued
	if final {
		status = domain.NotificationFailed
	}
	return conn(ctx, r.db).Model(&domain.Notification{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "last_error": reason, "locked_until": nil}).Error
}
