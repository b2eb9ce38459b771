package stateguards

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

var deposits *sql.DB

// The deposit's UPDATE adds to the paid total and moves the deposit out
// of the states it tests, in the transaction of the payment's INSERT: a
// retry updates no row and stops before the fresh payment row.
func recordDeposit(ctx context.Context, t *asynq.Task) error {
	tx, err := deposits.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE bookings SET deposit_status = 'paid', paid_cents = paid_cents + deposit_cents WHERE id = $1 AND deposit_status IN ('pending', 'failed')", string(t.Payload()))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO payments (id, booking_id) VALUES ($1, $2)", uuid.NewString(), string(t.Payload())); err != nil {
		return err
	}
	return tx.Commit()
}

// An UPDATE that adds to the column it tests leaves no state behind: a
// retry with funds left updates the row again, and inserts again.
func recordWithdrawal(ctx context.Context, t *asynq.Task) error {
	tx, err := deposits.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE wallets SET balance = balance - 10 WHERE id = $1 AND balance >= 10", string(t.Payload()))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO withdrawals (id, wallet_id) VALUES ($1, $2)", uuid.NewString(), string(t.Payload())); err != nil { // want `a retry inserts a second withdrawals row with a new id`
		return err
	}
	return tx.Commit()
}

// execCount runs a statement and returns the rows it affected.
func execCount(ctx context.Context, tx *sql.Tx, query string, args ...any) (int64, error) {
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	return n, nil
}

// The same guard through a helper that returns the count it read into
// a local: its rows affected decide.
func recordDepositVia(ctx context.Context, t *asynq.Task) error {
	tx, err := deposits.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	n, err := execCount(ctx, tx, "UPDATE bookings SET deposit_status = 'paid' WHERE id = $1 AND deposit_status = 'pending'", string(t.Payload()))
	if err != nil || n == 0 {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO payments (id, booking_id) VALUES ($1, $2)", uuid.NewString(), string(t.Payload())); err != nil {
		return err
	}
	return tx.Commit()
}
