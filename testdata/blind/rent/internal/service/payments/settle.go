package payments

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/tasks"
)

// Settler applies provider transfer outcomes to a payment. Every method runs
// inside the caller's transaction and reports whether the payment changed.
type Settler struct {
	payments repo.PaymentStore
	charges  repo.ChargeStore
	jobs     tasks.Enqueuer
}

func NewSettler(p repo.PaymentStore, c repo.ChargeStore, j tasks.Enqueuer) *Settler {
	return &Settler{payments: p, charges: c, jobs: j}
}

// Processed marks the payment settled, allocates it to open charges oldest
// first and queues the receipt.
func (s *Settler) Processed(ctx context.Context, tx pgx.Tx, p *repo.Payment) (bool, error) {
	ok, err := s.payments.Transition(ctx, tx, p.ID,
		[]string{repo.PaymentPending, repo.PaymentSubmitted}, repo.PaymentProcessed, nil)
	if err != nil || !ok {
		return false, err
	}
	open, err := s.charges.ListOpen(ctx, tx, p.LeaseID)
	if err != nil {
		return false, err
	}
	remaining := p.AmountCents
	for _, c := range open {
		if c.AmountCents > remaining {
			break
		}
		if err := s.charges.SetStatus(ctx, tx, c.ID, repo.ChargePaid); err != nil {
			return false, err
		}
		remaining -= c.AmountCents
	}
	if err := s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
		LeaseID:     p.LeaseID,
		PaymentID:   &p.ID,
		EntryType:   "payment",
		AmountCents: -p.AmountCents,
		Memo:        fmt.Sprintf("ACH payment %s", p.ID),
	}); err != nil {
		return false, err
	}
	if _, err := s.jobs.InsertTx(ctx, tx, tasks.SendReceiptArgs{PaymentID: p.ID}, nil); err != nil {
		return false, fmt.Errorf("queue receipt: %w", err)
	}
	return true, nil
}

// Failed marks a payment that never settled.
func (s *Settler) Failed(ctx context.Context, tx pgx.Tx, p *repo.Payment, code string) (bool, error) {
	return s.payments.Transition(ctx, tx, p.ID,
		[]string{repo.PaymentPending, repo.PaymentSubmitted}, repo.PaymentFailed, &code)
}

// Returned reverses a payment the bank sent back after settlement.
func (s *Settler) Returned(ctx context.Context, tx pgx.Tx, p *repo.Payment, code string) (bool, error) {
	ok, err := s.payments.Transition(ctx, tx, p.ID,
		[]string{repo.PaymentSubmitted, repo.PaymentProcessed}, repo.PaymentReturned, &code)
	if err != nil || !ok {
		return false, err
	}
	if err := s.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
		LeaseID:     p.LeaseID,
		PaymentID:   &p.ID,
		EntryType:   "payment_return",
		AmountCents: p.AmountCents,
		Memo:        "ACH return " + code,
	}); err != nil {
		return false, err
	}
	return true, nil
}
