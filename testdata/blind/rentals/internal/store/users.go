package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// UserRepo reads and updates users.
type UserRepo interface {
	Get(ctx context.Context, id string) (domain.User, error)
	SetKYCStatus(ctx context.Context, id, status string) error
	SetStripeAccount(ctx context.Context, id, accountID string) (bool, error)
	SetPayoutsEnabled(ctx context.Context, accountID string, enabled bool) error
}

type userRepo struct{ q sqlx.ExtContext }

func (r *userRepo) Get(ctx context.Context, id string) (domain.User, error) {
	return getOne[domain.User](ctx, r.q, `SELECT * FROM users WHERE id = ?`, id)
}

func (r *userRepo) SetKYCStatus(ctx context.Context, id, status string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE users SET kyc_status = ? WHERE id = ?`, status, id)
	return err
}

// SetStripeAccount records the Connect account only if none is set yet and
// reports whether this call set it.
func (r *userRepo) SetStripeAccount(ctx context.Context, id, accountID string) (bool, error) {
	res, err := r.q.ExecContext(ctx,
		`UPDATE users SET stripe_account_id = ? WHERE id = ? AND stripe_account_id IS NULL`, accountID, id)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *userRepo) SetPayoutsEnabled(ctx context.Context, accountID string, enabled bool) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE users SET payouts_enabled = ? WHERE stripe_account_id = ?`, enabled, accountID)
	return err
}
