// Package store implements app.Store on database/sql.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

func (s *Store) InsertTransfer(ctx context.Context, id string, amount int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO transfers (id, amount) VALUES ($1, $2)", id, amount)
	return err
}

func (s *Store) InsertAccount(ctx context.Context, id, email string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO accounts (id, email) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING", id, email)
	return err
}

// InsertStatement adds a statement whose id the database makes, and
// returns it.
func (s *Store) InsertStatement(ctx context.Context, account string) (int64, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, "INSERT INTO statements (account) VALUES ($1) RETURNING id", account).Scan(&id) // finding: IDEM001
	return id, err
}
