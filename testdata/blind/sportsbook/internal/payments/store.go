package payments

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
)

// Store is the SQL layer for deposits.
type Store struct{}

const depositCols = `id, player_id, request_id, amount, currency, method_token, status,
       psp_payment_id, failure_code, created_at, completed_at`

// InsertIfAbsent creates the deposit unless the player already used the
// request id, and returns the stored row either way.
func (Store) InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, d *Deposit) (*Deposit, bool, error) {
	res, err := tx.ExecContext(ctx, `
INSERT INTO deposits (id, player_id, request_id, amount, currency, method_token, status)
VALUES ($1, $2, $3, $4, $5, $6, 'pending')
ON CONFLICT ON CONSTRAINT deposits_player_request_uniq DO NOTHING`,
		d.ID, d.PlayerID, d.RequestID, d.Amount, d.Currency, d.MethodToken)
	if err != nil {
		return nil, false, fmt.Errorf("payments: insert deposit: %w", err)
	}
	n, _ := res.RowsAffected()
	var out Deposit
	if err := tx.GetContext(ctx, &out, `SELECT `+depositCols+` FROM deposits
 WHERE player_id = $1 AND request_id = $2`, d.PlayerID, d.RequestID); err != nil {
		return nil, false, fmt.Errorf("payments: load deposit: %w", err)
	}
	return &out, n == 1, nil
}

// Get loads a deposit by id.
func (Store) Get(ctx context.Context, q db.Queryer, id string) (*Deposit, error) {
	var d Deposit
	err := q.GetContext(ctx, &d, `SELECT `+depositCols+` FROM deposits WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrDepositNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("payments: get deposit: %w", err)
	}
	return &d, nil
}

// Lock loads and locks a deposit by id.
func (Store) Lock(ctx context.Context, tx *sqlx.Tx, id string) (*Deposit, error) {
	var d Deposit
	err := tx.GetContext(ctx, &d, `SELECT `+depositCols+` FROM deposits WHERE id = $1 FOR UPDATE`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrDepositNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("payments: lock deposit: %w", err)
	}
	return &d, nil
}

// GetByPSPID loads a deposit by the PSP's payment id.
func (Store) GetByPSPID(ctx context.Context, q db.Queryer, pspID string) (*Deposit, error) {
	var d Deposit
	err := q.GetContext(ctx, &d, `SELECT `+depositCols+` FROM deposits WHERE psp_payment_id = $1`, pspID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrDepositNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("payments: get deposit by psp id: %w", err)
	}
	return &d, nil
}

// AttachPayment records the PSP payment on a pending deposit.
func (Store) AttachPayment(ctx context.Context, q sqlx.ExecerContext, id, pspID, status string) error {
	_, err := q.ExecContext(ctx, `
UPDATE deposits
   SET psp_payment_id = $2,
       status = CASE WHEN status = 'pending' THEN $3 ELSE status END
 WHERE id = $1`, id, pspID, status)
	if err != nil {
		return fmt.Errorf("payments: attach payment: %w", err)
	}
	return nil
}

// Stale returns open deposits created before the cutoff.
func (Store) Stale(ctx context.Context, q db.Queryer, olderThanSeconds int, limit int) ([]Deposit, error) {
	var out []Deposit
	err := q.SelectContext(ctx, &out, `SELECT `+depositCols+` FROM deposits
 WHERE status IN ('pending', 'authorised')
   AND created_at < now() - make_interval(secs => $1)
 ORDER BY created_at
 LIMIT $2`, olderThanSeconds, limit)
	if err != nil {
		return nil, fmt.Errorf("payments: stale deposits: %w", err)
	}
	return out, nil
}
