// Package statements files the monthly pilotage statement with the port
// authority.
package statements

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/portauthority"
)

// Authority files statements.
type Authority interface {
	FileMonthlyStatement(ctx context.Context, s portauthority.Statement, opts ...portauthority.CallOption) (portauthority.FilingReceipt, error)
}

// Filer runs on the 2nd of each month for the previous month. The
// scheduler reruns it until it exits zero.
type Filer struct {
	q         *db.Queries
	authority Authority
	now       func() time.Time
	log       *slog.Logger
}

func NewFiler(q *db.Queries, a Authority, log *slog.Logger) *Filer {
	return &Filer{q: q, authority: a, now: time.Now, log: log.With("job", "monthly-statement")}
}

func (f *Filer) Run(ctx context.Context) error {
	from, to := previousMonth(f.now())
	period := from.Format("2006-01")

	if err := f.q.EnsureMonthlyStatement(ctx, period); err != nil {
		return fmt.Errorf("ensure statement %s: %w", period, err)
	}
	st, err := f.q.GetMonthlyStatement(ctx, period)
	if err != nil {
		return err
	}
	if st.Status == "filed" {
		f.log.Info("statement already filed", "period", period, "ref", deref(st.AuthorityRef))
		return nil
	}

	sum, err := f.q.SummarisePeriod(ctx, db.SummarisePeriodParams{PeriodStart: from, PeriodEnd: to})
	if err != nil {
		return fmt.Errorf("summarise %s: %w", period, err)
	}

	requestKey := xid.New().String()
	receipt, err := f.authority.FileMonthlyStatement(ctx, portauthority.Statement{
		Period:       period,
		Movements:    sum.Movements,
		GrossTonnage: sum.GrossTonnage,
		DuesCents:    sum.DuesCents,
		Currency:     "EUR",
	}, portauthority.WithIdempotencyKey(requestKey))
	f.recordAttempt(ctx, period, requestKey, err)
	if err != nil {
		return fmt.Errorf("file statement %s: %w", period, err)
	}

	if err := f.q.MarkStatementFiled(ctx, db.MarkStatementFiledParams{Period: period, AuthorityRef: &receipt.Reference}); err != nil {
		return fmt.Errorf("mark %s filed: %w", period, err)
	}
	f.log.Info("statement filed", "period", period, "ref", receipt.Reference, "movements", sum.Movements)
	return nil
}

// recordAttempt appends to the filing log the harbour master's office
// audits; each attempt is its own row.
func (f *Filer) recordAttempt(ctx context.Context, period, key string, outcome error) {
	result, detail := "accepted", ""
	if outcome != nil {
		result, detail = "failed", outcome.Error()
	}
	err := f.q.InsertFilingAttempt(ctx, db.InsertFilingAttemptParams{
		ID:         xid.New().String(),
		Period:     period,
		RequestKey: key,
		Outcome:    result,
		Detail:     detail,
	})
	if err != nil {
		f.log.Warn("filing attempt not recorded", "period", period, "err", err)
	}
}

// previousMonth returns [first of last month, first of this month) in UTC.
func previousMonth(now time.Time) (time.Time, time.Time) {
	y, m, _ := now.UTC().Date()
	thisMonth := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	return thisMonth.AddDate(0, -1, 0), thisMonth
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
