// Package accounts reads and opens accounts with functions the fleet
// service calls directly.
package accounts

import (
	"context"
	"database/sql"
)

// An Account, by value.
type Account struct {
	ID, Number string
}

// A Number as the store takes it.
type Number struct {
	Text  string
	Valid bool
}

// NumberOf wraps n: it carries n and nothing else.
func NumberOf(n string) Number { return Number{Text: n, Valid: n != ""} }

// Find reads the account with the number: a lookup.
func Find(ctx context.Context, db *sql.DB, number Number) (Account, error) {
	var a Account
	err := db.QueryRowContext(ctx, "SELECT id, number FROM accounts WHERE number = $1", number.Text).Scan(&a.ID, &a.Number)
	return a, err
}

// Open opens an account with the number: each call another.
func Open(ctx context.Context, db *sql.DB, number string) (Account, error) {
	a := Account{Number: number}
	err := db.QueryRowContext(ctx, "INSERT INTO accounts (number) VALUES ($1) RETURNING id", number).Scan(&a.ID) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into accounts in accounts.Open is not idempotent \(HTTP handler Fleet.Created\)`
	return a, err
}
