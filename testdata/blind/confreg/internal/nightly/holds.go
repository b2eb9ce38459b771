package nightly

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/halcyonevents/confreg/internal/domain"
)

// HoldReleaser expires unpaid ticket orders whose hold has lapsed and gives
// their seats back to inventory.
type HoldReleaser struct {
	db    *gorm.DB
	log   *slog.Logger
	now   func() time.Time
	batch int
}

// NewHoldReleaser returns a HoldReleaser.
func NewHoldReleaser(db *gorm.DB, log *slog.Logger) *HoldReleaser {
	return &HoldReleaser{db: db, log: log, now: time.Now, batch: 500}
}

type expiredOrder struct {
	ID           uuid.UUID
	TicketTypeID uuid.UUID
	Quantity     int
}

// Run releases every lapsed hold and records the run.
func (j *HoldReleaser) Run(ctx context.Context) error {
	now := j.now().UTC()
	run := &domain.HoldReleaseRun{RunDate: day(now), StartedAt: now}
	if err := j.db.WithContext(ctx).Create(run).Error; err != nil {
		return fmt.Errorf("start hold release run: %w", err)
	}

	total := 0
	for {
		n, err := j.releaseBatch(ctx, now)
		if err != nil {
			return err
		}
		total += n
		if n < j.batch {
			break
		}
	}

	finished := j.now().UTC()
	j.log.InfoContext(ctx, "ticket holds released", "orders", total)
	return j.db.WithContext(ctx).Model(run).Updates(map[string]any{
		"finished_at":     finished,
		"orders_released": total,
	}).Error
}

// releaseBatch expires up to j.batch orders and returns their seats in one
// transaction. Only orders still held are touched, so an order paid a moment
// ago is left alone.
func (j *HoldReleaser) releaseBatch(ctx context.Context, cutoff time.Time) (int, error) {
	var expired []expiredOrder
	err := j.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Raw(`
			UPDATE ticket_orders SET status = 'expired'
			WHERE id IN (
				SELECT id FROM ticket_orders
				WHERE status = 'held' AND hold_expires_at < ?
				ORDER BY hold_expires_at
				LIMIT ?
				FOR UPDATE SKIP LOCKED)
			AND status = 'held'
			RETURNING id, ticket_type_id, quantity`, cutoff, j.batch).Scan(&expired).Error
		if err != nil {
			return err
		}
		for _, o := range expired {
			if err := tx.Exec(`UPDATE ticket_types SET held = held - ? WHERE id = ?`, o.Quantity, o.TicketTypeID).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("release holds: %w", err)
	}
	return len(expired), nil
}
