package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
)

// LoyaltyRepo stores points balances, the points ledger and wash credits.
type LoyaltyRepo struct{}

// NewLoyaltyRepo returns a LoyaltyRepo.
func NewLoyaltyRepo() *LoyaltyRepo { return &LoyaltyRepo{} }

// EnsureAccount creates an empty loyalty account if the customer has none.
func (r *LoyaltyRepo) EnsureAccount(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO loyalty_accounts (customer_id) VALUES ($1)
		ON CONFLICT (customer_id) DO NOTHING`, customerID)
	return err
}

// Account loads a customer's loyalty account.
func (r *LoyaltyRepo) Account(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID) (*domain.LoyaltyAccount, error) {
	return get[domain.LoyaltyAccount](ctx, q, `
		SELECT customer_id, balance, lifetime_points, visits FROM loyalty_accounts WHERE customer_id = $1`,
		customerID)
}

// InsertLedger appends a ledger entry.
func (r *LoyaltyRepo) InsertLedger(ctx context.Context, q sqlx.ExtContext, e *domain.LedgerEntry) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO loyalty_ledger (id, customer_id, wash_id, reason, points, reference)
		VALUES (:id, :customer_id, :wash_id, :reason, :points, :reference)`, e)
	return err
}

// Credit adds earned points to the balance and lifetime total.
func (r *LoyaltyRepo) Credit(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID, points int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE loyalty_accounts
		SET balance = balance + $2, lifetime_points = lifetime_points + $2, updated_at = now()
		WHERE customer_id = $1`, customerID, points)
	return err
}

// Debit removes points if the balance covers them. It reports false when the
// balance is too low.
func (r *LoyaltyRepo) Debit(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID, points int64) (bool, error) {
	return affected(ctx, q, `
		UPDATE loyalty_accounts SET balance = balance - $2, updated_at = now()
		WHERE customer_id = $1 AND balance >= $2`, customerID, points)
}

// Claw removes points, flooring the balance at zero.
func (r *LoyaltyRepo) Claw(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID, points int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE loyalty_accounts
		SET balance = greatest(balance - $2, 0), lifetime_points = lifetime_points - $2, updated_at = now()
		WHERE customer_id = $1`, customerID, points)
	return err
}

// EarnedForWash returns the points earned for a wash, or 0.
func (r *LoyaltyRepo) EarnedForWash(ctx context.Context, q sqlx.ExtContext, washID uuid.UUID) (int64, error) {
	var pts int64
	err := sqlx.GetContext(ctx, q, &pts, `
		SELECT coalesce(sum(points), 0) FROM loyalty_ledger
		WHERE wash_id = $1 AND reason = 'earn'`, washID)
	return pts, err
}

// IncrementVisits counts a visit towards visit-based promotions.
func (r *LoyaltyRepo) IncrementVisits(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE loyalty_accounts SET visits = visits + 1, updated_at = now() WHERE customer_id = $1`, customerID)
	return err
}

// IssueCredit stores a wash credit.
func (r *LoyaltyRepo) IssueCredit(ctx context.Context, q sqlx.ExtContext, c *domain.WashCredit) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO wash_credits (id, customer_id, source, program, pack_purchase_id, expires_at)
		VALUES (:id, :customer_id, :source, :program, :pack_purchase_id, :expires_at)`, c)
	return err
}
