package app

import "context"

// A ChargeRequest asks the payment provider for a charge, with the
// caller's key when it has one.
type ChargeRequest struct {
	Amount int64
	Key    string
}

// Payments charges; main wires its implementation.
type Payments interface {
	Charge(ctx context.Context, req ChargeRequest) (string, error)
}

// Deposits takes deposits, keyed by some callers only.
type Deposits interface {
	Deposit(ctx context.Context, total int64) error
	DepositKeyed(ctx context.Context, key string, total int64) error
}

type deposits struct {
	pay   Payments
	store Store
}

// NewDeposits returns the Deposits the handlers use.
func NewDeposits(p Payments, s Store) Deposits { return &deposits{pay: p, store: s} }

// Deposit charges with no key, then stores the charge's ID.
func (d *deposits) Deposit(ctx context.Context, total int64) error {
	id, err := d.pay.Charge(ctx, ChargeRequest{Amount: total})
	if err != nil {
		return err
	}
	return d.store.Insert(ctx, Order{ID: id, Total: total})
}

// DepositKeyed charges under the request's key.
func (d *deposits) DepositKeyed(ctx context.Context, key string, total int64) error {
	id, err := d.pay.Charge(ctx, ChargeRequest{Amount: total, Key: key})
	if err != nil {
		return err
	}
	return d.store.Insert(ctx, Order{ID: id, Total: total})
}
