package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/cyclegrid/bikeshare/internal/ids"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

type AdjustmentInput struct {
	RideID      uuid.UUID
	AmountCents int64
	Reason      string
	RequestedBy string
}

type AdjustmentTicket struct {
	TaskID  string    `json:"task_id"`
	RiderID uuid.UUID `json:"rider_id"`
	Amount  int64     `json:"amount_cents"`
}

// AdjustmentService lets support staff give riders goodwill credit for a
// ride. Credits are applied by the worker.
type AdjustmentService interface {
	CreditRide(ctx context.Context, in AdjustmentInput) (*AdjustmentTicket, error)
}

type adjustmentService struct {
	rides    repository.Rides
	enqueuer tasks.Enqueuer
	taskIDs  ids.Generator
	log      *slog.Logger
}

func newAdjustmentService(rides repository.Rides, enqueuer tasks.Enqueuer, log *slog.Logger) *adjustmentService {
	return &adjustmentService{rides: rides, enqueuer: enqueuer, taskIDs: ids.UUIDs, log: log}
}

const maxGoodwillCents = 5000

func (s *adjustmentService) CreditRide(ctx context.Context, in AdjustmentInput) (*AdjustmentTicket, error) {
	if in.AmountCents <= 0 || in.AmountCents > maxGoodwillCents {
		return nil, fmt.Errorf("%w: credit must be between 1 and %d cents", ErrInvalid, maxGoodwillCents)
	}
	ride, err := s.rides.Get(ctx, in.RideID)
	if err != nil {
		return nil, err
	}
	taskID := "adj-" + s.taskIDs.New()
	err = s.enqueuer.Enqueue(ctx, tasks.TypeWalletCredit, tasks.WalletCreditPayload{
		RiderID:     ride.RiderID,
		AmountCents: in.AmountCents,
		Reason:      "goodwill",
		Reference:   "ride:" + ride.ID.String(),
		RequestedBy: in.RequestedBy,
	}, asynq.TaskID(taskID), asynq.Queue(tasks.QueueDefault))
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "goodwill credit queued", "ride_id", ride.ID, "task_id", taskID, "by", in.RequestedBy)
	return &AdjustmentTicket{TaskID: taskID, RiderID: ride.RiderID, Amount: in.AmountCents}, nil
}
