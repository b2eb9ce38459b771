package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/store"
)

// StatementRun summarizes a statement run.
type StatementRun struct {
	Statements int
	Autopays   int
}

// RunStatements issues the monthly statement of every account with a
// balance and queues autopay for accounts that enabled it.
func (s *Service) RunStatements(ctx context.Context, date time.Time, batch int) (StatementRun, error) {
	var run StatementRun
	day := date.Truncate(24 * time.Hour)
	accounts, err := s.patients.AccountsWithBalance(ctx, batch)
	if err != nil {
		return run, err
	}
	for _, a := range accounts {
		invoices, err := s.billing.OpenInvoices(ctx, a.PatientID)
		if err != nil {
			return run, err
		}
		if len(invoices) == 0 {
			continue
		}
		st := store.Statement{
			ID:            s.newID(),
			PatientID:     a.PatientID,
			StatementDate: day,
			BalanceCents:  a.BalanceCents,
			InvoiceCount:  len(invoices),
		}
		if err := s.billing.InsertStatement(ctx, st); err != nil {
			return run, fmt.Errorf("statement for %s: %w", a.PatientID, err)
		}
		run.Statements++
		s.log.InfoContext(ctx, "statement issued", "patient_id", a.PatientID, "balance", formatCents(a.BalanceCents))

		if !a.Autopay {
			continue
		}
		oldest := invoices[0]
		ok, err := s.queue.Enqueue(ctx, jobs.KindAutopay, AutopayPayload{InvoiceID: oldest.ID},
			jobs.WithDedupeKey(fmt.Sprintf("autopay:%s:%s", oldest.ID, day.Format("2006-01-02"))))
		if err != nil {
			return run, err
		}
		if ok {
			run.Autopays++
		}
	}
	return run, nil
}
