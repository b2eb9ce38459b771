package postgres

import (
	"context"
	"database/sql"

	"example.com/wiredkey/fleet"
)

// Accounts implements fleet.Accounts.
type Accounts struct{ DB *sql.DB }

func (s *Accounts) ByNumber(ctx context.Context, number string) (*fleet.Account, error) {
	a := &fleet.Account{}
	err := s.DB.QueryRowContext(ctx, "SELECT id, number FROM accounts WHERE number = $1", number).Scan(&a.ID, &a.Number)
	return a, err
}

func (s *Accounts) Open(ctx context.Context, number string) (*fleet.Account, error) {
	a := &fleet.Account{Number: number}
	err := s.DB.QueryRowContext(ctx, "INSERT INTO accounts (number) VALUES ($1) RETURNING id", number).Scan(&a.ID) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into accounts in postgres.Accounts.Open is not idempotent \(HTTP handler Fleet.Opened\)`
	return a, err
}
