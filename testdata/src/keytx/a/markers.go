package a

import "context"

// A marker of work done, named for its domain: looked up on the
// database, the work in a transaction, the marker inserted after it
// commits.
func applyReturn(ctx context.Context, returnID string) error {
	var done bool
	db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM bank_returns WHERE return_id = $1)", returnID).Scan(&done) // want `passes the same check`
	if done {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "UPDATE payouts SET status = 'returned' WHERE return_id = $1", returnID)
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO bank_returns (return_id) VALUES ($1)", returnID) // want `leaves the effect without its key`
	return err
}

// Negative: the marker in the transaction of the work, after a check in
// it.
func applyReturnTx(ctx context.Context, returnID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var done bool
	tx.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM bank_returns WHERE return_id = $1 FOR UPDATE)", returnID).Scan(&done)
	if done {
		return nil
	}
	tx.ExecContext(ctx, "UPDATE payouts SET status = 'returned' WHERE return_id = $1", returnID)
	tx.ExecContext(ctx, "INSERT INTO bank_returns (return_id) VALUES ($1)", returnID)
	return tx.Commit()
}

// Negative: a customer looked up by email and created with the rest of
// its data: a row of data, not a marker of work done.
func signUp(ctx context.Context, email, name, phone, city string) error {
	var found bool
	db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM customers WHERE email = $1)", email).Scan(&found)
	if found {
		return nil
	}
	db.ExecContext(ctx, "INSERT INTO audit_log (event) VALUES ('signup')")
	_, err := db.ExecContext(ctx, "INSERT INTO customers (email, name, phone, city) VALUES ($1, $2, $3, $4)", email, name, phone, city)
	return err
}
