package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/service"
)

type reconciler interface {
	RunForDate(ctx context.Context, day time.Time) (domain.ReconRun, error)
}

// ReconcileJob reconciles yesterday's Stripe balance transactions.
type ReconcileJob struct {
	svc reconciler
	now func() time.Time
}

func NewReconcileJob(svc reconciler) *ReconcileJob {
	return &ReconcileJob{svc: svc, now: time.Now}
}

func (j *ReconcileJob) Run(ctx context.Context) error {
	yesterday := j.now().UTC().AddDate(0, 0, -1)
	_, err := j.svc.RunForDate(ctx, yesterday)
	return err
}

type renewer interface {
	RenewExpiring(ctx context.Context, batch int32) (service.RenewalSummary, error)
}

// RenewalJob renews card holds that are about to lapse.
type RenewalJob struct {
	svc renewer
	log *slog.Logger
}

func NewRenewalJob(svc renewer, log *slog.Logger) *RenewalJob {
	return &RenewalJob{svc: svc, log: log}
}

func (j *RenewalJob) Run(ctx context.Context) error {
	sum, err := j.svc.RenewExpiring(ctx, 50)
	if sum.Renewed+sum.Declined > 0 {
		j.log.InfoContext(ctx, "authorisations renewed", "renewed", sum.Renewed, "declined", sum.Declined)
	}
	return err
}

type relay interface {
	RelayOnce(ctx context.Context) (int, error)
}

// OutboxJob drains the outbox until it is empty.
type OutboxJob struct {
	relay relay
}

func NewOutboxJob(r relay) *OutboxJob { return &OutboxJob{relay: r} }

func (j *OutboxJob) Run(ctx context.Context) error {
	for {
		n, err := j.relay.RelayOnce(ctx)
		if err != nil || n == 0 {
			return err
		}
	}
}

type expirer interface {
	ExpireStalePending(ctx context.Context, batch int32) (int, error)
}

// ExpireJob expires orders whose card was never confirmed.
type ExpireJob struct {
	svc expirer
}

func NewExpireJob(svc expirer) *ExpireJob { return &ExpireJob{svc: svc} }

func (j *ExpireJob) Run(ctx context.Context) error {
	_, err := j.svc.ExpireStalePending(ctx, 200)
	return err
}

type statementWriter interface {
	GenerateStatements(ctx context.Context, month time.Time) (int, error)
}

// StatementsJob writes last month's artist statements.
type StatementsJob struct {
	svc statementWriter
	now func() time.Time
}

func NewStatementsJob(svc statementWriter) *StatementsJob {
	return &StatementsJob{svc: svc, now: time.Now}
}

func (j *StatementsJob) Run(ctx context.Context) error {
	lastMonth := j.now().UTC().AddDate(0, -1, 0)
	_, err := j.svc.GenerateStatements(ctx, lastMonth)
	return err
}
