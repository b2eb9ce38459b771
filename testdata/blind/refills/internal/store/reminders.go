package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

type ReminderRepo struct {
	*Repository[domain.RefillReminder]
}

func NewReminderRepo(db *gorm.DB) *ReminderRepo {
	return &ReminderRepo{Repository: NewRepository[domain.RefillReminder](db)}
}

// Schedule stores one reminder per prescription and due date, returning the
// stored row whether or not this call created it.
func (r *ReminderRepo) Schedule(ctx context.Context, rem *domain.RefillReminder) (*domain.RefillReminder, bool, error) {
	inserted, err := r.CreateIgnoreConflict(ctx, rem, "prescription_id", "due_on")
	if err != nil {
		return nil, false, err
	}
	if inserted {
		return rem, true, nil
	}
	existing, err := r.FindOne(ctx, "prescription_id = ? AND due_on = ?", rem.PrescriptionID, rem.DueOn.Format(time.DateOnly))
	return existing, false, err
}

func (r *ReminderRepo) MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error {
	_, err := r.UpdateWhere(ctx, map[string]any{
		"status":              domain.ReminderSent,
		"provider_message_id": providerMessageID,
		"sent_at":             at,
	}, "id = ? AND status = ?", id, domain.ReminderScheduled)
	return err
}

func (r *ReminderRepo) MarkSkipped(ctx context.Context, id string) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"status": domain.ReminderSkipped},
		"id = ? AND status = ?", id, domain.ReminderScheduled)
	return err
}

type ScanRunRepo struct {
	*Repository[domain.ReminderScanRun]
}

func NewScanRunRepo(db *gorm.DB) *ScanRunRepo {
	return &ScanRunRepo{Repository: NewRepository[domain.ReminderScanRun](db)}
}

func (r *ScanRunRepo) Finish(ctx context.Context, id string, candidates, enqueued int) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"finished_at": time.Now().UTC(),
		"candidates":  candidates,
		"enqueued":    enqueued,
	})
}

type NotificationRepo struct {
	*Repository[domain.Notification]
}

func NewNotificationRepo(db *gorm.DB) *NotificationRepo {
	return &NotificationRepo{Repository: NewRepository[domain.Notification](db)}
}

// Log records a sent notification once per (template, dedup key).
func (r *NotificationRepo) Log(ctx context.Context, n *domain.Notification) error {
	_, err := r.CreateIgnoreConflict(ctx, n, "template", "dedup_key")
	return err
}

func (r *NotificationRepo) Sent(ctx context.Context, template, dedupKey string) (bool, error) {
	return r.Exists(ctx, "template = ? AND dedup_key = ?", template, dedupKey)
}
