package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
)

// HoldStore lists expired seat holds.
type HoldStore interface {
	ExpiredHolds(ctx context.Context, cutoff time.Time, limit int) ([]model.SeatHold, error)
}

// SeatReleaser gives a held seat back to the session.
type SeatReleaser interface {
	ReleaseHeld(ctx context.Context, sessionID string) error
}

// HoldSweeper lapses registrations whose seat hold expired unpaid and gives
// the seat back.
type HoldSweeper struct {
	db    *gorm.DB
	holds HoldStore
	seats SeatReleaser
	log   *slog.Logger
	batch int
	now   func() time.Time
}

// NewHoldSweeper builds the sweeper.
func NewHoldSweeper(db *gorm.DB, holds HoldStore, seats SeatReleaser, log *slog.Logger) *HoldSweeper {
	return &HoldSweeper{db: db, holds: holds, seats: seats, log: log, batch: 500, now: time.Now}
}

// Pass expires one batch of holds.
func (s *HoldSweeper) Pass(ctx context.Context) error {
	cutoff := s.now().UTC()
	holds, err := s.holds.ExpiredHolds(ctx, cutoff, s.batch)
	if err != nil {
		return err
	}
	expired := 0
	for _, h := range holds {
		ok, err := s.expire(ctx, h)
		if err != nil {
			return fmt.Errorf("expire hold %s: %w", h.ID, err)
		}
		if ok {
			expired++
		}
	}
	if expired > 0 {
		s.log.InfoContext(ctx, "seat holds expired", "count", expired)
	}
	return nil
}

func (s *HoldSweeper) expire(ctx context.Context, h model.SeatHold) (bool, error) {
	tx := s.db.WithContext(ctx).Begin()
	if tx.Error != nil {
		return false, tx.Error
	}
	res := tx.Model(&model.SeatHold{}).
		Where("id = ? AND status = ?", h.ID, model.HoldActive).
		Update("status", model.HoldExpired)
	if res.Error != nil {
		tx.Rollback()
		return false, res.Error
	}
	if res.RowsAffected == 0 {
		// Paid or swept by another replica in the meantime.
		tx.Rollback()
		return false, nil
	}
	if err := tx.Model(&model.Registration{}).
		Where("id = ? AND status = ?", h.RegistrationID, model.RegPendingPayment).
		Update("status", model.RegLapsed).Error; err != nil {
		tx.Rollback()
		return false, err
	}
	if err := s.seats.ReleaseHeld(ctx, h.SessionID); err != nil {
		tx.Rollback()
		return false, err
	}
	if err := tx.Commit().Error; err != nil {
		return false, err
	}
	return true, nil
}
