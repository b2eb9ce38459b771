package jobs

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/service/collections"
	"github.com/brightpay/lending/internal/service/fees"
)

// Clock returns the business date for a run, in the lender's time zone.
type Clock func() time.Time

type collectionsJob struct {
	svc collections.Service
	now Clock
}

func NewCollectionsJob(svc collections.Service, now Clock) Job {
	return &collectionsJob{svc: svc, now: now}
}

func (j *collectionsJob) Name() string { return "daily-collections" }
func (j *collectionsJob) Spec() string { return "0 6 * * *" }

func (j *collectionsJob) Run(ctx context.Context) error {
	_, err := j.svc.RunDaily(ctx, j.now())
	return err
}

type lateFeesJob struct {
	svc fees.Service
	now Clock
	log *zap.Logger
}

func NewLateFeesJob(svc fees.Service, now Clock, log *zap.Logger) Job {
	return &lateFeesJob{svc: svc, now: now, log: log}
}

func (j *lateFeesJob) Name() string { return "late-fees" }
func (j *lateFeesJob) Spec() string { return "30 7 * * *" }

func (j *lateFeesJob) Run(ctx context.Context) error {
	n, err := j.svc.AssessLateFees(ctx, j.now())
	j.log.Info("late fees assessed", zap.Int("count", n))
	return err
}

type chargeOffJob struct {
	svc collections.Service
	now Clock
	log *zap.Logger
}

func NewChargeOffJob(svc collections.Service, now Clock, log *zap.Logger) Job {
	return &chargeOffJob{svc: svc, now: now, log: log}
}

func (j *chargeOffJob) Name() string { return "charge-off" }
func (j *chargeOffJob) Spec() string { return "0 2 * * *" }

func (j *chargeOffJob) Run(ctx context.Context) error {
	n, err := j.svc.ChargeOff(ctx, j.now())
	j.log.Info("loans charged off", zap.Int("count", n))
	return err
}
