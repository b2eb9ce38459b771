package worker

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/provider/mailer"
	"github.com/soundledger/royalties/internal/queue"
	"github.com/soundledger/royalties/internal/service/ingest"
	"github.com/soundledger/royalties/internal/service/payouts"
	"github.com/soundledger/royalties/internal/service/statements"
)

// Jobs holds the services the workers call.
type Jobs struct {
	Statements statements.Service
	Payouts    payouts.Service
	Ingest     ingest.Service
}

// Table lists every job kind the royalty daemon works.
func (j *Jobs) Table() []Registration {
	return []Registration{
		{Kind: queue.StatementRunArgs{}.Kind(), Handler: Handle(j.statementRun)},
		{Kind: queue.StatementComputeArgs{}.Kind(), Handler: Handle(j.statementCompute)},
		{Kind: queue.StatementEmailArgs{}.Kind(), Handler: Handle(j.statementEmail)},
		{Kind: queue.PayoutTransferArgs{}.Kind(), Handler: Handle(j.payoutTransfer)},
		{Kind: queue.PayoutBankArgs{}.Kind(), Handler: Handle(j.payoutBank)},
		{Kind: queue.PayoutNoticeArgs{}.Kind(), Handler: Handle(j.payoutNotice)},
		{Kind: queue.ReportReconcileArgs{}.Kind(), Handler: Handle(j.reportReconcile)},
	}
}

func (j *Jobs) statementRun(ctx context.Context, job *river.Job[queue.StatementRunArgs]) error {
	period, err := domain.ParsePeriod(job.Args.Period)
	if err != nil {
		return river.JobCancel(err)
	}
	_, err = j.Statements.RunMonth(ctx, period)
	return err
}

func (j *Jobs) statementCompute(ctx context.Context, job *river.Job[queue.StatementComputeArgs]) error {
	period, err := domain.ParsePeriod(job.Args.Period)
	if err != nil {
		return river.JobCancel(err)
	}
	_, err = j.Statements.Compute(ctx, job.Args.ArtistID, period)
	return err
}

func (j *Jobs) statementEmail(ctx context.Context, job *river.Job[queue.StatementEmailArgs]) error {
	return j.Statements.SendEmail(ctx, job.Args.StatementID, mailer.WithRequestID(uuid.NewString()))
}

func (j *Jobs) payoutTransfer(ctx context.Context, job *river.Job[queue.PayoutTransferArgs]) error {
	_, err := j.Payouts.ExecuteStatementTransfer(ctx, job.Args.StatementID)
	return err
}

func (j *Jobs) payoutBank(ctx context.Context, job *river.Job[queue.PayoutBankArgs]) error {
	_, err := j.Payouts.ExecuteBankPayout(ctx, job.Args.TransferPayoutID)
	return err
}

func (j *Jobs) payoutNotice(ctx context.Context, job *river.Job[queue.PayoutNoticeArgs]) error {
	key := fmt.Sprintf("payout-notice/%d", job.ID)
	return j.Payouts.SendPayoutNotice(ctx, job.Args.PayoutID, mailer.WithIdempotencyKey(key))
}

func (j *Jobs) reportReconcile(ctx context.Context, job *river.Job[queue.ReportReconcileArgs]) error {
	_, err := j.Ingest.Reconcile(ctx, job.Args.ReportID)
	return err
}

// MonthlySchedule fires at 03:00 UTC on the given day of each month.
type MonthlySchedule struct {
	Day  int
	Hour int
}

// Next implements river.PeriodicSchedule.
func (m MonthlySchedule) Next(current time.Time) time.Time {
	t := current.UTC()
	next := time.Date(t.Year(), t.Month(), m.Day, m.Hour, 0, 0, 0, time.UTC)
	if !next.After(t) {
		next = time.Date(t.Year(), t.Month()+1, m.Day, m.Hour, 0, 0, 0, time.UTC)
	}
	return next
}

// PeriodicJobs returns the cron-like jobs: the statement run for the
// previous month, on the 3rd of each month.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			MonthlySchedule{Day: 3, Hour: 3},
			func() (river.JobArgs, *river.InsertOpts) {
				prev := domain.PeriodOf(time.Now().UTC()).Previous()
				return queue.StatementRunArgs{Period: string(prev)}, nil
			},
			&river.PeriodicJobOpts{ID: "monthly_statement_run"},
		),
	}
}
