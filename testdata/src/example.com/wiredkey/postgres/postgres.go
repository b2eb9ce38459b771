// Package postgres implements app.Store.
package postgres

import (
	"context"
	"database/sql"

	"example.com/wiredkey/app"
)

type Store struct{ DB *sql.DB }

// Insert stores the order under the id it is given, once.
func (s *Store) Insert(ctx context.Context, o app.Order) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", o.ID, o.Total)
	return err
}

// Append stores the entry under the id it is given, once.
func (s *Store) Append(ctx context.Context, e app.Entry) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO ledger (id, account, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", e.ID, e.Account, e.Amount)
	return err
}
