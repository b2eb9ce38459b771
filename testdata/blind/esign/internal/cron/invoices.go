package cron

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/store/queries"
)

// InvoiceScheduler queues last month's invoice for every invoice-mode
// account. It runs on the first days of each month; running it again for the
// same month adds nothing because GenerateInvoice jobs are unique by
// (account, period).
type InvoiceScheduler struct {
	db    app.Database
	queue app.JobQueue
	now   app.Clock
	log   *slog.Logger
}

// NewInvoiceScheduler returns an InvoiceScheduler.
func NewInvoiceScheduler(db app.Database, queue app.JobQueue, now app.Clock, log *slog.Logger) *InvoiceScheduler {
	return &InvoiceScheduler{db: db, queue: queue, now: now, log: log}
}

// Name implements Task.
func (s *InvoiceScheduler) Name() string { return "invoices" }

// Run implements Task.
func (s *InvoiceScheduler) Run(ctx context.Context) error {
	now := s.now()
	firstOfMonth := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	period := firstOfMonth.AddDate(0, -1, 0).Format("2006-01")

	accountIDs, err := queries.ListInvoiceAccountIDs(ctx, s.db)
	if err != nil {
		return err
	}
	params := make([]river.InsertManyParams, 0, len(accountIDs))
	for _, id := range accountIDs {
		params = append(params, river.InsertManyParams{
			Args: jobargs.GenerateInvoice{AccountID: id, Period: period},
		})
	}
	if err := s.queue.InsertMany(ctx, params); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "invoices queued", "period", period, "accounts", len(accountIDs))
	return nil
}
