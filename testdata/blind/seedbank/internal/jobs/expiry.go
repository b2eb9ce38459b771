package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/messaging"
)

// HoldExpirer releases reservations whose hold ran out.
type HoldExpirer struct {
	db     *gorm.DB
	outbox *messaging.Outbox
	log    *slog.Logger
	now    func() time.Time
}

func NewHoldExpirer(db *gorm.DB, outbox *messaging.Outbox, log *slog.Logger) *HoldExpirer {
	return &HoldExpirer{db: db, outbox: outbox, log: log, now: func() time.Time { return time.Now().UTC() }}
}

type holdExpired struct {
	ReservationID string `json:"reservation_id"`
	MemberID      string `json:"member_id"`
}

// Run expires every overdue hold and puts its packets back on the shelf.
func (j *HoldExpirer) Run(ctx context.Context) error {
	now := j.now()
	var expired []domain.Reservation
	if err := j.db.WithContext(ctx).
		Where("status = ? AND expires_at < ?", domain.ReservationHeld, now).
		Order("expires_at").Limit(500).
		Find(&expired).Error; err != nil {
		return err
	}

	for _, r := range expired {
		err := j.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			res := tx.Model(&domain.Reservation{}).
				Where("id = ? AND status = ?", r.ID, domain.ReservationHeld).
				Updates(map[string]any{"status": domain.ReservationExpired, "updated_at": now})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return nil
			}
			if err := j.db.WithContext(ctx).Exec(`
				UPDATE packets SET quantity_available = quantity_available + ?, updated_at = now()
				 WHERE id = ?`, r.Quantity, r.PacketID).Error; err != nil {
				return err
			}
			return j.outbox.Enqueue(database.WithTx(ctx, tx), messaging.TopicReservationExpired,
				holdExpired{ReservationID: r.ID, MemberID: r.MemberID})
		})
		if err != nil {
			return fmt.Errorf("expire %s: %w", r.ID, err)
		}
	}
	j.log.InfoContext(ctx, "holds expired", slog.Int("count", len(expired)))
	return nil
}
