package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type patronRepo struct{ db *sql.DB }

// NewPatronRepository returns the Postgres patron repository.
func NewPatronRepository(db *sql.DB) PatronRepository { return &patronRepo{db: db} }

const patronColumns = `id, card_number, email, display_name, home_branch_id,
	COALESCE(stripe_customer_id, ''), COALESCE(autopay_payment_method, ''), balance_cents`

func scanPatron(row interface{ Scan(...any) error }) (domain.Patron, error) {
	var p domain.Patron
	err := row.Scan(&p.ID, &p.CardNumber, &p.Email, &p.DisplayName, &p.HomeBranchID,
		&p.StripeCustomerID, &p.AutopayPaymentMethod, &p.BalanceCents)
	return p, err
}

func (r *patronRepo) Get(ctx context.Context, id string) (domain.Patron, error) {
	p, err := scanPatron(r.db.QueryRowContext(ctx,
		`SELECT `+patronColumns+` FROM patrons WHERE id = $1`, id))
	if err != nil {
		return p, notFound(err, "patron "+id)
	}
	return p, nil
}

func (r *patronRepo) AdjustBalance(ctx context.Context, tx *sql.Tx, patronID string, delta int64) error {
	res, err := tx.ExecContext(ctx,
		`UPDATE patrons SET balance_cents = balance_cents + $2 WHERE id = $1`, patronID, delta)
	if err != nil {
		return fmt.Errorf("adjust balance: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("adjust balance: patron %s: %w", patronID, errNotFound)
	}
	return nil
}

func (r *patronRepo) ListAutopayCandidates(ctx context.Context, min int64) ([]domain.Patron, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT `+patronColumns+`
		  FROM patrons
		 WHERE autopay_payment_method IS NOT NULL
		   AND stripe_customer_id IS NOT NULL
		   AND balance_cents >= $1
		 ORDER BY id`, min)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Patron
	for rows.Next() {
		p, err := scanPatron(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
