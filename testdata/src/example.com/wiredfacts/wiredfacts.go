// Package wiredfacts calls an interface of its own, whose implementation
// main wires: the call stays in the statement list as a place holder,
// with the handles passed to it, for the composition root to fill.
package wiredfacts

import (
	"context"
	"database/sql"
)

type Ledger interface {
	Debit(ctx context.Context, tx *sql.Tx, account string) error
	Credit(ctx context.Context, db *sql.DB, account string) error
}

func Book(ctx context.Context, db *sql.DB, l Ledger) error { // want Book:`^summary\(stmts=\["INSERT INTO bookings \(id\) VALUES \('b'\)" on tx0 args=-; wired wiredfacts.Ledger.Debit on p2 a0=p0 a1=tx0; wired wiredfacts.Ledger.Credit on p2 a0=p0 a1=pool\] runs=\[2\] runsInTx=\[2\] wired=\[example.com/wiredfacts.Ledger.Debit; example.com/wiredfacts.Ledger.Credit\] paramsWired=\[p0->example.com/wiredfacts.Ledger.Debit a0; p0->example.com/wiredfacts.Ledger.Credit a0\]\)$`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO bookings (id) VALUES ('b')")
	if err := l.Debit(ctx, tx, "acct"); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return l.Credit(ctx, db, "acct")
}
