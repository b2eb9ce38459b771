package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/harbourline-systems/pilotage/internal/billing"
	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/outbox"
	"github.com/harbourline-systems/pilotage/internal/pager"
	"github.com/harbourline-systems/pilotage/internal/store"
	"github.com/harbourline-systems/pilotage/internal/tariff"
	"github.com/harbourline-systems/pilotage/internal/tugs"
)

// TugCanceller tells the tug company that an order is off.
type TugCanceller interface {
	PublishCancellation(ctx context.Context, c tugs.Cancellation) error
}

type CancelService struct {
	q      *db.Queries
	uow    store.UnitOfWork
	tugs   TugCanceller
	pager  Pager
	events *outbox.Writer
	now    func() time.Time
}

func NewCancelService(q *db.Queries, uow store.UnitOfWork, t TugCanceller, p Pager, events *outbox.Writer) *CancelService {
	return &CancelService{q: q, uow: uow, tugs: t, pager: p, events: events, now: time.Now}
}

// Cancel cancels a job that has not started. Late cancellations and
// cancellations after dispatch carry a fee.
func (s *CancelService) Cancel(ctx context.Context, jobID, reason string) (db.PilotageJob, error) {
	job, err := s.q.GetJob(ctx, jobID)
	if store.IsNotFound(err) {
		return job, ErrNotFound
	}
	if err != nil {
		return job, err
	}
	if job.Status == StatusCancelled {
		return job, s.standDown(ctx, job)
	}
	if job.Status != StatusRequested && job.Status != StatusDispatched {
		return job, ErrInvalidState
	}

	// Let the tug company stand its crews down as early as possible.
	order, err := s.q.GetTugOrderByJob(ctx, jobID)
	switch {
	case err == nil && order.Status != "cancelled":
		err = s.tugs.PublishCancellation(ctx, tugs.Cancellation{
			OrderID: order.ID,
			JobID:   jobID,
			Reason:  reason,
		})
		if err != nil {
			return job, fmt.Errorf("cancel tug order %s: %w", order.ID, err)
		}
	case err != nil && !store.IsNotFound(err):
		return job, err
	}

	now := s.now()
	wasDispatched := job.Status == StatusDispatched
	err = s.uow.WithinTx(ctx, func(ctx context.Context, q *db.Queries) error {
		n, err := q.CancelJob(ctx, jobID)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrInvalidState
		}
		if _, err := q.CancelTugOrder(ctx, jobID); err != nil {
			return err
		}
		if fee := tariff.CancellationFee(job.ScheduledAt, now, wasDispatched); fee > 0 {
			// One cancellation line per job.
			_, err := q.InsertDuesLineOnce(ctx, db.InsertDuesLineOnceParams{
				ID:          "cxl-" + jobID,
				JobID:       jobID,
				AgentID:     job.AgentID,
				Kind:        billing.KindCancellation,
				Description: fmt.Sprintf("Late cancellation, %s %s", job.Movement, job.VesselName),
				AmountCents: fee,
			})
			if err != nil {
				return err
			}
		}
		job.Status = StatusCancelled
		job.CancelledAt = &now
		return s.events.Enqueue(ctx, outbox.JobEventsTopic, jobEvent("job.cancelled", job))
	})
	if err != nil {
		return job, err
	}
	return job, s.standDown(ctx, job)
}

// standDown tells a dispatched pilot the job is off. Sent again on every
// repeat of the request; the gateway drops repeats of the reference.
func (s *CancelService) standDown(ctx context.Context, job db.PilotageJob) error {
	if job.PilotID == nil {
		return nil
	}
	pilot, err := s.q.GetPilot(ctx, *job.PilotID)
	if err != nil {
		return fmt.Errorf("load pilot: %w", err)
	}
	_, err = s.pager.Send(ctx, pager.Message{
		To:              pilot.Mobile,
		Text:            fmt.Sprintf("STAND DOWN %s: %s %s cancelled by agent", job.ID, job.Movement, job.VesselName),
		ClientReference: "standdown-" + job.ID + "-" + pilot.ID,
		Priority:        "high",
	})
	if err != nil {
		return fmt.Errorf("page pilot: %w", err)
	}
	return nil
}
