// Package fleetdb stores devices' state.
package fleetdb

import (
	"context"
	"database/sql"
)

// Store stores devices' state, each statement on its own.
type Store struct{ DB *sql.DB }

// RecordOrder records a replacement order.
func (s *Store) RecordOrder(ctx context.Context, device, orderID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO replacement_orders (order_id, device) VALUES ($1, $2) ON CONFLICT DO NOTHING", orderID, device)
	return err
}

// Touch counts a heartbeat.
func (s *Store) Touch(ctx context.Context, device string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE devices SET beats = beats + 1 WHERE id = $1", device)
	return err
}

// RecordTheft records a theft.
func (s *Store) RecordTheft(ctx context.Context, id, device string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO thefts (id, device) VALUES ($1, $2)", id, device)
	return err
}
