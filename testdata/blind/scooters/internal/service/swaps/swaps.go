// Package swaps manages battery swap jobs for fleet technicians.
package swaps

import (
	"context"
	"log/slog"
	"time"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Store interface {
	CreateJob(ctx context.Context, j *domain.SwapJob) (bool, error)
	GetJob(ctx context.Context, id int64) (*domain.SwapJob, error)
	Accept(ctx context.Context, id int64, technicianID string, at time.Time) (bool, error)
	InsertSwap(ctx context.Context, b *domain.BatterySwap) error
	MarkJobDone(ctx context.Context, id int64, at time.Time) error
}

type Scooters interface {
	MarkSwapPending(ctx context.Context, id string) error
	InstallBattery(ctx context.Context, id, serial string, pct int) error
}

type Service struct {
	tx       pgstore.Transactor
	swaps    Store
	scooters Scooters
	log      *slog.Logger
	clock    func() time.Time
}

func New(tx pgstore.Transactor, swaps Store, scooters Scooters, log *slog.Logger) *Service {
	return &Service{tx: tx, swaps: swaps, scooters: scooters, log: log, clock: time.Now}
}

// DispatchRequest opens a swap job.
type DispatchRequest struct {
	// JobID is the ID of the queue job doing the dispatch; it becomes the
	// swap job's ID.
	JobID      int64
	ScooterID  string
	ZoneID     string
	BatteryPct int
}

// Dispatch opens a swap job and takes the scooter out of rotation.
func (s *Service) Dispatch(ctx context.Context, req DispatchRequest) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		created, err := s.swaps.CreateJob(ctx, &domain.SwapJob{
			ID:         req.JobID,
			ScooterID:  req.ScooterID,
			ZoneID:     req.ZoneID,
			BatteryPct: req.BatteryPct,
			Status:     domain.SwapOpen,
		})
		if err != nil || !created {
			return err
		}
		return s.scooters.MarkSwapPending(ctx, req.ScooterID)
	})
}

// Accept assigns a job to a technician.
func (s *Service) Accept(ctx context.Context, technicianID string, jobID int64) (*domain.SwapJob, error) {
	ok, err := s.swaps.Accept(ctx, jobID, technicianID, s.clock().UTC())
	if err != nil {
		return nil, err
	}
	job, err := s.swaps.GetJob(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if !ok && job.TechnicianID != technicianID {
		return nil, domain.ErrInvalidTransition
	}
	return job, nil
}

// CompleteSwap is a technician reporting a battery exchange.
type CompleteSwap struct {
	SwapID       string
	JobID        int64
	TechnicianID string
	BatteryOut   string
	BatteryIn    string
	ChargeInPct  int
	SwappedAt    time.Time
}

// Complete records a swap and closes the job. A job can take more than one
// swap when the first replacement battery turns out to be faulty, so a job
// that is already done still accepts swaps from its technician.
func (s *Service) Complete(ctx context.Context, cmd CompleteSwap) (*domain.BatterySwap, error) {
	job, err := s.swaps.GetJob(ctx, cmd.JobID)
	if err != nil {
		return nil, err
	}
	if job.TechnicianID != cmd.TechnicianID {
		return nil, domain.ErrForbidden
	}
	if job.Status == domain.SwapCancelled || job.Status == domain.SwapOpen {
		return nil, domain.ErrInvalidTransition
	}

	rec := &domain.BatterySwap{
		ID:           cmd.SwapID,
		SwapJobID:    job.ID,
		ScooterID:    job.ScooterID,
		TechnicianID: cmd.TechnicianID,
		BatteryOut:   cmd.BatteryOut,
		BatteryIn:    cmd.BatteryIn,
		ChargeInPct:  cmd.ChargeInPct,
		SwappedAt:    cmd.SwappedAt,
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.swaps.InsertSwap(ctx, rec); err != nil {
			return err
		}
		if err := s.swaps.MarkJobDone(ctx, job.ID, s.clock().UTC()); err != nil {
			return err
		}
		return s.scooters.InstallBattery(ctx, job.ScooterID, cmd.BatteryIn, cmd.ChargeInPct)
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}
