package postgres

import (
	"context"
	"database/sql"

	"example.com/wiredkey/fleet"
)

// Accounts implements fleet.Accounts; the program does not use it.
type Accounts struct{ DB *sql.DB }

func (s *Accounts) ByNumber(ctx context.Context, number string) (*fleet.Account, error) {
	a := &fleet.Account{}
	err := s.DB.QueryRowContext(ctx, "SELECT id, number FROM accounts WHERE number = $1", number).Scan(&a.ID, &a.Number)
	return a, err
}

func (s *Accounts) Open(ctx context.Context, number string) (*fleet.Account, error) {
	a := &fleet.Account{Number: number}
	// Not reported: main wires gormstore's Accounts into the fleet
	// service, not this one.
	err := s.DB.QueryRowContext(ctx, "INSERT INTO accounts (number) VALUES ($1) RETURNING id", number).Scan(&a.ID)
	return a, err
}
