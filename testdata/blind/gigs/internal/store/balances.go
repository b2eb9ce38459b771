package store

import "context"

// Balances persists freelancers' withdrawable balances per currency.
type Balances struct{}

// Credit adds amount to a freelancer's available balance.
func (Balances) Credit(ctx context.Context, q Querier, freelancerID, currency string, amount int64) error {
	_, err := q.Exec(ctx, `
		INSERT INTO freelancer_balances (freelancer_id, currency, available_minor)
		VALUES ($1, $2, $3)
		ON CONFLICT (freelancer_id, currency) DO UPDATE
		SET available_minor = freelancer_balances.available_minor + EXCLUDED.available_minor,
		    updated_at = now()`, freelancerID, currency, amount)
	return wrap("balances.credit", err)
}

// Reserve moves amount from available to pending if enough is available.
func (Balances) Reserve(ctx context.Context, q Querier, freelancerID, currency string, amount int64) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE freelancer_balances
		SET available_minor = available_minor - $3, pending_minor = pending_minor + $3, updated_at = now()
		WHERE freelancer_id = $1 AND currency = $2 AND available_minor >= $3`, freelancerID, currency, amount)
	if err != nil {
		return false, wrap("balances.reserve", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Settle drops amount from pending once a payout has been paid.
func (Balances) Settle(ctx context.Context, q Querier, freelancerID, currency string, amount int64) error {
	_, err := q.Exec(ctx, `
		UPDATE freelancer_balances SET pending_minor = pending_minor - $3, updated_at = now()
		WHERE freelancer_id = $1 AND currency = $2`, freelancerID, currency, amount)
	return wrap("balances.settle", err)
}

// Restore moves amount from pending back to available after a failed payout.
func (Balances) Restore(ctx context.Context, q Querier, freelancerID, currency string, amount int64) error {
	_, err := q.Exec(ctx, `
		UPDATE freelancer_balances
		SET pending_minor = pending_minor - $3, available_minor = available_minor + $3, updated_at = now()
		WHERE freelancer_id = $1 AND currency = $2`, freelancerID, currency, amount)
	return wrap("balances.restore", err)
}

// Available returns the withdrawable balance.
func (Balances) Available(ctx context.Context, q Querier, freelancerID, currency string) (int64, error) {
	var n int64
	err := q.QueryRow(ctx, `
		SELECT COALESCE((SELECT available_minor FROM freelancer_balances WHERE freelancer_id = $1 AND currency = $2), 0)`,
		freelancerID, currency).Scan(&n)
	return n, wrap("balances.available", err)
}
