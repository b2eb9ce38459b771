package tasks

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Enqueuer implements service.TaskQueue on asynq. Every task gets a TaskID
// derived from its arguments, so enqueueing the same work twice while the
// first is pending, running or retained is a no-op.
type Enqueuer struct {
	client    *asynq.Client
	retention time.Duration
}

// NewEnqueuer wraps an asynq client. Completed tasks are retained for the
// given duration, which extends the de-duplication window past completion.
func NewEnqueuer(client *asynq.Client, retention time.Duration) *Enqueuer {
	return &Enqueuer{client: client, retention: retention}
}

func (e *Enqueuer) enqueue(ctx context.Context, typ string, payload any, id string, opts ...asynq.Option) error {
	task, err := newTask(typ, payload)
	if err != nil {
		return err
	}
	opts = append(opts, asynq.TaskID(id), asynq.Retention(e.retention))
	_, err = e.client.EnqueueContext(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

func (e *Enqueuer) Underwrite(ctx context.Context, applicationID uuid.UUID) error {
	return e.enqueue(ctx, TypeUnderwrite, ApplicationPayload{ApplicationID: applicationID},
		"underwrite:"+applicationID.String(),
		asynq.Queue(QueueCritical), asynq.MaxRetry(8), asynq.Timeout(2*time.Minute))
}

func (e *Enqueuer) Disburse(ctx context.Context, applicationID uuid.UUID) error {
	return e.enqueue(ctx, TypeDisburse, ApplicationPayload{ApplicationID: applicationID},
		"disburse:"+applicationID.String(),
		asynq.Queue(QueueCritical), asynq.MaxRetry(12))
}

func (e *Enqueuer) AdverseAction(ctx context.Context, applicationID uuid.UUID) error {
	return e.enqueue(ctx, TypeAdverseAction, ApplicationPayload{ApplicationID: applicationID},
		"adverse-action:"+applicationID.String(),
		asynq.Queue(QueueNotices), asynq.MaxRetry(20))
}

func (e *Enqueuer) AccrueCommission(ctx context.Context, applicationID uuid.UUID) error {
	return e.enqueue(ctx, TypeAccrueCommission, ApplicationPayload{ApplicationID: applicationID},
		"accrue:"+applicationID.String(),
		asynq.Queue(QueueDefault), asynq.MaxRetry(10))
}

func (e *Enqueuer) SettleDeposit(ctx context.Context, depositID uuid.UUID) error {
	return e.enqueue(ctx, TypeSettleDeposit, DepositPayload{DepositID: depositID},
		"settle:"+depositID.String(),
		asynq.Queue(QueueCritical), asynq.MaxRetry(12))
}

func (e *Enqueuer) PayRemainder(ctx context.Context, depositID uuid.UUID) error {
	return e.enqueue(ctx, TypePayRemainder, DepositPayload{DepositID: depositID},
		"remainder:"+depositID.String(),
		asynq.Queue(QueueCritical), asynq.MaxRetry(12))
}

func (e *Enqueuer) CommissionPayout(ctx context.Context, partnerID uuid.UUID, periodStart, periodEnd time.Time) error {
	return e.enqueue(ctx, TypeCommissionPayout,
		PayoutPayload{PartnerID: partnerID, PeriodStart: periodStart, PeriodEnd: periodEnd},
		"payout:"+partnerID.String()+":"+periodStart.Format("2006-01-02"),
		asynq.Queue(QueueDefault), asynq.MaxRetry(6), asynq.Timeout(5*time.Minute))
}
