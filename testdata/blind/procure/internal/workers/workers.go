// Package workers holds the River workers run by procure-worker.
package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/northmill/procure/internal/platform/jobs"
	"github.com/northmill/procure/internal/tasks"
)

// OrderTransmitter sends PO documents to suppliers.
type OrderTransmitter interface {
	SendOrder(ctx context.Context, poID string) error
	SendChange(ctx context.Context, amendmentID string) error
}

// PaymentExecutor submits scheduled payments.
type PaymentExecutor interface {
	Execute(ctx context.Context, paymentID string) error
}

// PrepaymentPayer pays PO prepayments.
type PrepaymentPayer interface {
	Pay(ctx context.Context, poID string) error
}

// RemittanceSender sends remittance advice.
type RemittanceSender interface {
	Send(ctx context.Context, paymentID string) error
}

// DiscountOfferer proposes early payment to suppliers.
type DiscountOfferer interface {
	Offer(ctx context.Context, invoiceID string) error
}

// InvoiceMatcher runs the three-way match.
type InvoiceMatcher interface {
	Match(ctx context.Context, invoiceID string) error
}

// PriceSource reads current catalogue prices.
type PriceSource interface {
	CurrentPrice(ctx context.Context, supplierID, sku string) (price int64, version int64, err error)
}

// DraftRepricer moves draft PO lines to a new price.
type DraftRepricer interface {
	RepriceDraftLines(ctx context.Context, supplierID, sku string, priceMinor int64) (int, error)
}

// ReservationExpirer releases expired budget reservations.
type ReservationExpirer interface {
	ExpireReservations(ctx context.Context, batch int) (int, error)
}

// Deps collects what the workers need.
type Deps struct {
	Orders      OrderTransmitter
	Payments    PaymentExecutor
	Prepayments PrepaymentPayer
	Remittances RemittanceSender
	Offers      DiscountOfferer
	Matcher     InvoiceMatcher
	Prices      PriceSource
	Repricer    DraftRepricer
	Budgets     ReservationExpirer
}

// NewWorkerConfig registers every worker and the periodic jobs.
func NewWorkerConfig(d Deps) jobs.WorkerConfig {
	w := river.NewWorkers()
	river.AddWorker(w, &SendOrderWorker{orders: d.Orders})
	river.AddWorker(w, &SendChangeWorker{orders: d.Orders})
	river.AddWorker(w, &PrepaymentWorker{payer: d.Prepayments})
	river.AddWorker(w, &ExecutePaymentWorker{payments: d.Payments})
	river.AddWorker(w, &RemittanceWorker{sender: d.Remittances})
	river.AddWorker(w, &DiscountOfferWorker{offers: d.Offers})
	river.AddWorker(w, &MatchInvoiceWorker{matcher: d.Matcher})
	river.AddWorker(w, &RepriceLinesWorker{prices: d.Prices, repricer: d.Repricer})
	river.AddWorker(w, &ExpireReservationsWorker{budgets: d.Budgets, batch: 500})

	periodic := []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(15*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) { return tasks.ExpireReservations{}, nil },
			&river.PeriodicJobOpts{ID: "budget.expire_reservations", RunOnStart: true},
		),
	}
	return jobs.WorkerConfig{Workers: w, PeriodicJobs: periodic}
}
