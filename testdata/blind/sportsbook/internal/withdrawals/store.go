package withdrawals

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
)

type store struct{}

const cols = `id, player_id, amount, currency, destination, status, payout_reference,
       partner_payout_id, failure_reason, requested_at, approved_at, approved_by, sent_at, completed_at`

func (store) insert(ctx context.Context, tx *sqlx.Tx, w *Withdrawal) error {
	_, err := tx.ExecContext(ctx, `
INSERT INTO withdrawals (id, player_id, amount, currency, destination, status)
VALUES ($1, $2, $3, $4, $5, 'requested')`, w.ID, w.PlayerID, w.Amount, w.Currency, w.Destination)
	if err != nil {
		return fmt.Errorf("withdrawals: insert: %w", err)
	}
	return nil
}

func (store) get(ctx context.Context, q db.Queryer, id string) (*Withdrawal, error) {
	var w Withdrawal
	err := q.GetContext(ctx, &w, `SELECT `+cols+` FROM withdrawals WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("withdrawals: get: %w", err)
	}
	return &w, nil
}

func (store) getByPartnerID(ctx context.Context, q db.Queryer, partnerID string) (*Withdrawal, error) {
	var w Withdrawal
	err := q.GetContext(ctx, &w, `SELECT `+cols+` FROM withdrawals WHERE partner_payout_id = $1`, partnerID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("withdrawals: get by partner id: %w", err)
	}
	return &w, nil
}

// transition runs an UPDATE ... RETURNING and reports whether a row matched.
func (store) transition(ctx context.Context, q db.Queryer, query string, args ...any) (*Withdrawal, bool, error) {
	var w Withdrawal
	err := q.GetContext(ctx, &w, query+` RETURNING `+cols, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("withdrawals: transition: %w", err)
	}
	return &w, true, nil
}

func (store) claimApproved(ctx context.Context, q db.Queryer, limit int) ([]Withdrawal, error) {
	var out []Withdrawal
	err := q.SelectContext(ctx, &out, `
UPDATE withdrawals
   SET status = 'sending'
 WHERE id IN (SELECT id FROM withdrawals
               WHERE status = 'approved'
               ORDER BY approved_at
               LIMIT $1
               FOR UPDATE SKIP LOCKED)
RETURNING `+cols, limit)
	if err != nil {
		return nil, fmt.Errorf("withdrawals: claim: %w", err)
	}
	return out, nil
}
