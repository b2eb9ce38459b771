package workers

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/northmill/procure/internal/tasks"
)

// MatchInvoiceWorker runs the three-way match.
type MatchInvoiceWorker struct {
	river.WorkerDefaults[tasks.MatchInvoice]
	matcher InvoiceMatcher
}

// Work implements river.Worker.
func (w *MatchInvoiceWorker) Work(ctx context.Context, job *river.Job[tasks.MatchInvoice]) error {
	return w.matcher.Match(ctx, job.Args.InvoiceID)
}

// DiscountOfferWorker sends early-payment offers.
type DiscountOfferWorker struct {
	river.WorkerDefaults[tasks.OfferDiscount]
	offers DiscountOfferer
}

// Work implements river.Worker.
func (w *DiscountOfferWorker) Work(ctx context.Context, job *river.Job[tasks.OfferDiscount]) error {
	return w.offers.Offer(ctx, job.Args.InvoiceID)
}
