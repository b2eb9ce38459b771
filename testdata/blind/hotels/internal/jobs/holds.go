package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/inventory"
	"github.com/harbourline/hotels/internal/platform/sqldb"
	"github.com/harbourline/hotels/internal/reservations"
)

// HoldExpiryJob puts back on sale the inventory of direct bookings whose
// saga never confirmed them, and fails those reservations.
type HoldExpiryJob struct {
	uow          sqldb.UnitOfWork
	inventory    inventory.Service
	reservations reservations.Repository
	log          *slog.Logger
	now          func() time.Time
}

// NewHoldExpiryJob returns the job.
func NewHoldExpiryJob(uow sqldb.UnitOfWork, inv inventory.Service, res reservations.Repository, log *slog.Logger) *HoldExpiryJob {
	return &HoldExpiryJob{uow: uow, inventory: inv, reservations: res, log: log, now: time.Now}
}

// Name identifies the job.
func (j *HoldExpiryJob) Name() string { return "hold-expiry" }

// Run expires holds and fails their reservations in one transaction.
func (j *HoldExpiryJob) Run(ctx context.Context) error {
	var expired []inventory.Hold
	err := j.uow.Do(ctx, func(ctx context.Context) error {
		var err error
		if expired, err = j.inventory.ExpireHolds(ctx, j.now()); err != nil {
			return err
		}
		for _, h := range expired {
			if _, err := j.reservations.TransitionStatus(ctx, h.ReservationID, domain.StatusFailed, domain.StatusPending); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(expired) > 0 {
		j.log.Info("expired holds", "count", len(expired))
	}
	return nil
}
