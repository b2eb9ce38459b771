package store

import (
	"context"

	"github.com/gridwell/utilities/internal/domain"
)

type accountRepo struct{ q Querier }

const accountCols = `id, customer_name, email, postal_address, status, balance_cents, created_at`

func (r *accountRepo) Get(ctx context.Context, id string) (*domain.Account, error) {
	var a domain.Account
	err := r.q.GetContext(ctx, &a, `SELECT `+accountCols+` FROM accounts WHERE id = ?`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

func (r *accountRepo) GetForUpdate(ctx context.Context, id string) (*domain.Account, error) {
	var a domain.Account
	err := r.q.GetContext(ctx, &a, `SELECT `+accountCols+` FROM accounts WHERE id = ? FOR UPDATE`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

func (r *accountRepo) AdjustBalance(ctx context.Context, id string, deltaCents int64) error {
	res, err := r.q.ExecContext(ctx,
		`UPDATE accounts SET balance_cents = balance_cents + ? WHERE id = ?`, deltaCents, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r *accountRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE accounts SET status = ? WHERE id = ?`, status, id)
	return err
}

func (r *accountRepo) InsertCredit(ctx context.Context, c domain.AccountCredit) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO account_credits (id, account_id, amount_cents, reason, created_by, created_at)
		VALUES (:id, :account_id, :amount_cents, :reason, :created_by, :created_at)`, c)
	return err
}

func (r *accountRepo) ListActiveIDs(ctx context.Context, afterID string, limit int) ([]string, error) {
	var ids []string
	err := r.q.SelectContext(ctx, &ids, `
		SELECT id FROM accounts WHERE status = 'active' AND id > ? ORDER BY id LIMIT ?`, afterID, limit)
	return ids, err
}
