// Package tasks declares the background jobs other packages may enqueue.
// The workers live in internal/workers.
package tasks

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/northmill/procure/internal/platform/db"
)

// Queues.
const (
	QueueDefault  = river.QueueDefault
	QueueEDI      = "edi"
	QueuePayments = "payments"
)

// Enqueuer inserts jobs inside the caller's transaction.
type Enqueuer interface {
	EnqueueTx(ctx context.Context, q db.Querier, args river.JobArgs, opts *river.InsertOpts) error
}

// SendPurchaseOrder transmits a submitted PO to the supplier as ORDERS.
type SendPurchaseOrder struct {
	POID string `json:"po_id"`
}

func (SendPurchaseOrder) Kind() string { return "po.send" }
func (SendPurchaseOrder) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEDI, MaxAttempts: 12}
}

// SendPOChange transmits an approved amendment as ORDCHG.
type SendPOChange struct {
	AmendmentID string `json:"amendment_id"`
}

func (SendPOChange) Kind() string { return "po.send_change" }
func (SendPOChange) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEDI, MaxAttempts: 12}
}

// PayPrepayment pays the advance share of a PO to the supplier.
type PayPrepayment struct {
	POID string `json:"po_id"`
}

func (PayPrepayment) Kind() string { return "po.prepayment" }
func (PayPrepayment) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 8}
}

// ExecutePayment submits a scheduled supplier payment to the bank.
type ExecutePayment struct {
	PaymentID string `json:"payment_id"`
}

func (ExecutePayment) Kind() string { return "payment.execute" }
func (ExecutePayment) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 8}
}

// SendRemittance sends REMADV for a settled payment.
type SendRemittance struct {
	PaymentID string `json:"payment_id"`
}

func (SendRemittance) Kind() string { return "remittance.send" }
func (SendRemittance) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEDI, MaxAttempts: 10}
}

// OfferDiscount proposes early payment against a discount to the supplier.
type OfferDiscount struct {
	InvoiceID string `json:"invoice_id"`
}

func (OfferDiscount) Kind() string { return "discount.offer" }
func (OfferDiscount) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEDI, MaxAttempts: 6}
}

// MatchInvoice runs the three-way match for an invoice.
type MatchInvoice struct {
	InvoiceID string `json:"invoice_id" river:"unique"`
}

func (MatchInvoice) Kind() string { return "invoice.match" }
func (MatchInvoice) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		MaxAttempts: 10,
		UniqueOpts: river.UniqueOpts{
			ByArgs:   true,
			ByPeriod: 10 * time.Minute,
			ByState: []rivertype.JobState{
				rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
				rivertype.JobStateRetryable, rivertype.JobStateScheduled,
			},
		},
	}
}

// RepriceOpenLines moves draft PO lines to a new catalogue price.
type RepriceOpenLines struct {
	SupplierID string `json:"supplier_id" river:"unique"`
	SKU        string `json:"sku" river:"unique"`
	Version    int64  `json:"version" river:"unique"`
	TraceID    string `json:"trace_id"`
}

func (RepriceOpenLines) Kind() string { return "po.reprice_lines" }
func (RepriceOpenLines) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ExpireReservations releases budget reservations past their expiry.
type ExpireReservations struct{}

func (ExpireReservations) Kind() string { return "budget.expire_reservations" }
