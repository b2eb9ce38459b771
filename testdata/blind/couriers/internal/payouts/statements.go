package payouts

import (
	"context"
	"log/slog"
	"time"

	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/notify"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/providers/sms"
)

// StatementJob texts each courier a summary of their paid weekly payout.
type StatementJob struct {
	q   *db.Queries
	sms sms.Sender
	log *slog.Logger
	now func() time.Time
}

// NewStatementJob returns the statements job.
func NewStatementJob(q *db.Queries, s sms.Sender, log *slog.Logger) *StatementJob {
	return &StatementJob{q: q, sms: s, log: log.With("job", "payout-statements"), now: time.Now}
}

func (j *StatementJob) Name() string         { return "payout-statements" }
func (j *StatementJob) Every() time.Duration { return 10 * time.Minute }

func (j *StatementJob) Run(ctx context.Context) error {
	rows, err := j.q.ListPaidPayoutsWithoutStatement(ctx, 100)
	if err != nil {
		return err
	}
	for _, r := range rows {
		body := notify.Statement(r.DisplayName, r.PeriodStart, r.PeriodEnd,
			r.GrossCents, r.TipsCents, r.DeductionsCents, r.NetCents)
		if _, err := j.sms.Send(ctx, r.PhoneE164, body); err != nil {
			j.log.Warn("statement sms failed", "payout", r.ID, "err", err)
			continue
		}
		if err := j.q.MarkStatementSent(ctx, db.MarkStatementSentParams{
			ID:              r.ID,
			StatementSentAt: postgres.Timestamptz(j.now()),
		}); err != nil {
			return err
		}
	}
	return nil
}
