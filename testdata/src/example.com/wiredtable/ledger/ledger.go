// Package ledger books payment events as ledger entries.
package ledger

import (
	"context"

	"github.com/google/uuid"
)

// Event is a payment event.
type Event struct {
	PaymentID string `json:"payment_id"`
	Amount    int64  `json:"amount"`
}

// Entries stores ledger entries.
type Entries interface {
	Insert(ctx context.Context, id, paymentID string, amount int64) error
	InsertOnce(ctx context.Context, id, paymentID string, amount int64) error
}

// Service books events.
type Service struct{ Entries Entries }

// Settle books a settlement under an ID made per attempt: each delivery
// books it again.
func (s *Service) Settle(ctx context.Context, e Event) error {
	id := uuid.NewString() // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop consumer.Ledger.Settle, bound at consumer.go:\d+:\d+\)`
	return s.Entries.Insert(ctx, id, e.PaymentID, e.Amount)
}

// Refund books a refund under the payment's ID, once.
func (s *Service) Refund(ctx context.Context, e Event) error {
	return s.Entries.InsertOnce(ctx, "refund:"+e.PaymentID, e.PaymentID, -e.Amount)
}

// Payouts books payout events.
type Payouts struct{ Entries Entries }

// Sent books a payout under an ID made per attempt.
func (p *Payouts) Sent(ctx context.Context, e Event) error {
	id := uuid.NewString() // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop ledger.Payouts.Sent, bound at consumer.go:\d+:\d+\)`
	return p.Entries.Insert(ctx, id, e.PaymentID, e.Amount)
}

// Returned books a returned payout under the payment's ID, once.
func (p *Payouts) Returned(ctx context.Context, e Event) error {
	return p.Entries.InsertOnce(ctx, "returned:"+e.PaymentID, e.PaymentID, e.Amount)
}

// Adjustments books adjustment events.
type Adjustments struct{ Entries Entries }

// Make books an adjustment under an ID made per attempt.
func (a *Adjustments) Make(ctx context.Context, e Event) error {
	id := uuid.NewString() // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Adjustments.Make\)`
	return a.Entries.Insert(ctx, id, e.PaymentID, e.Amount)
}

// Reverse books a reversal under the payment's ID, once.
func (a *Adjustments) Reverse(ctx context.Context, e Event) error {
	return a.Entries.InsertOnce(ctx, "reversal:"+e.PaymentID, e.PaymentID, -e.Amount)
}

// Disputes books dispute events.
type Disputes struct{ Entries Entries }

// Open books a dispute under an ID made per attempt.
func (d *Disputes) Open(ctx context.Context, e Event) error {
	id := uuid.NewString() // want `a retry inserts a second ledger_entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop disputeroutes.Disputes.Open, bound at disputeroutes.go:\d+:\d+\)`
	return d.Entries.Insert(ctx, id, e.PaymentID, -e.Amount)
}
