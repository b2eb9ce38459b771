package queue

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/segmentio/ksuid"
)

// Enqueuer wraps the asynq client.
type Enqueuer struct {
	client *asynq.Client
}

func NewEnqueuer(client *asynq.Client) *Enqueuer {
	return &Enqueuer{client: client}
}

// Enqueue submits a task. A task id that is already taken means the task
// was enqueued before; that is reported as success.
func (e *Enqueuer) Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) error {
	_, err := e.client.EnqueueContext(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", task.Type(), err)
	}
	return nil
}

// StableID builds a task id from the entity the task works on, so enqueuing
// the same work twice collapses into one task.
func StableID(kind string, id uuid.UUID) asynq.Option {
	return asynq.TaskID(kind + ":" + id.String())
}

// StableKeyID is StableID for composite keys.
func StableKeyID(kind string, parts ...string) asynq.Option {
	id := kind
	for _, p := range parts {
		id += ":" + p
	}
	return asynq.TaskID(id)
}

// TracedID gives a task a sortable, greppable id so it can be found in
// asynqmon from the request logs.
func TracedID(prefix string) asynq.Option {
	return asynq.TaskID(prefix + "_" + ksuid.New().String())
}

func (e *Enqueuer) EnqueueClaimGeneration(ctx context.Context, sessionID uuid.UUID) error {
	t, err := NewClaimGenerateTask(sessionID)
	if err != nil {
		return err
	}
	return e.Enqueue(ctx, t, StableID("claim-gen", sessionID))
}

func (e *Enqueuer) EnqueueClaimSubmission(ctx context.Context, submissionID uuid.UUID) error {
	t, err := NewClaimSubmitTask(submissionID)
	if err != nil {
		return err
	}
	return e.Enqueue(ctx, t, StableID("claim-submit", submissionID))
}

func (e *Enqueuer) EnqueueSupplySubmission(ctx context.Context, orderID uuid.UUID) error {
	t, err := NewSupplySubmitTask(orderID)
	if err != nil {
		return err
	}
	return e.Enqueue(ctx, t, StableID("supply-submit", orderID))
}

func (e *Enqueuer) EnqueueRideBooking(ctx context.Context, rideID uuid.UUID) error {
	t, err := NewRideBookTask(rideID)
	if err != nil {
		return err
	}
	return e.Enqueue(ctx, t, StableID("ride-book", rideID))
}

func (e *Enqueuer) EnqueueRideCancellation(ctx context.Context, rideID uuid.UUID, reason string) error {
	t, err := NewRideCancelTask(rideID, reason)
	if err != nil {
		return err
	}
	return e.Enqueue(ctx, t, StableID("ride-cancel", rideID))
}

func (e *Enqueuer) EnqueueEligibilityRecheck(ctx context.Context, coverageID, patientID uuid.UUID, period string) error {
	t, err := NewEligibilityRecheckTask(coverageID, patientID, period)
	if err != nil {
		return err
	}
	return e.Enqueue(ctx, t, StableKeyID("elig", coverageID.String(), period))
}
