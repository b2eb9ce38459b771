// Package store implements app.Copays on PostgreSQL.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredintent/app"
)

// Copays is the copays table, one co-pay per trip.
type Copays struct{ DB *sql.DB }

// Open claims the trip's co-pay and answers with the one stored.
func (s *Copays) Open(ctx context.Context, c *app.Copay) (*app.Copay, error) {
	if _, err := s.DB.ExecContext(ctx, "INSERT INTO copays (id, trip_id, amount, status) VALUES ($1, $2, $3, 'open') ON CONFLICT (trip_id) DO NOTHING", c.ID, c.TripID, c.Amount); err != nil {
		return nil, err
	}
	var out app.Copay
	err := s.DB.QueryRowContext(ctx, "SELECT id, trip_id, amount, status FROM copays WHERE trip_id = $1", c.TripID).Scan(&out.ID, &out.TripID, &out.Amount, &out.Status)
	return &out, err
}

// Insert stores the co-pay it is given.
func (s *Copays) Insert(ctx context.Context, c *app.Copay) (*app.Copay, error) {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO copays (id, trip_id, amount, status) VALUES ($1, $2, $3, 'open')", c.ID, c.TripID, c.Amount)
	return c, err
}
