package basic

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

// inTx runs fn in a transaction.
func inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// Negative: the entry's ID is made before the transaction, whose
// callback claims the day first and leaves when another attempt did.
func settleDay(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewString()
	_ = inTx(r.Context(), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(r.Context(), "INSERT INTO settlements (day) VALUES ($1) ON CONFLICT (day) DO NOTHING", r.FormValue("day"))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = tx.ExecContext(r.Context(), "INSERT INTO entries (id, total) VALUES ($1, $2)", id, 10)
		return err
	})
}

// The same without the claim: each attempt adds an entry.
func settleLoose(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewString() // want `a retry inserts a second entries row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler settleLoose\)`
	_ = inTx(r.Context(), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(r.Context(), "INSERT INTO entries (id, total) VALUES ($1, $2)", id, 10)
		return err
	})
}

// insertEntry writes an entry on the transaction it is given.
func insertEntry(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO entries (id, total) VALUES ($1, $2)", id, 10)
	return err
}

// Negative: as settleDay, the entry written by a helper after the claim.
func settleDayHelper(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewString()
	_ = inTx(r.Context(), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(r.Context(), "INSERT INTO settlements (day) VALUES ($1) ON CONFLICT (day) DO NOTHING", r.FormValue("day"))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return insertEntry(r.Context(), tx, id)
	})
}
