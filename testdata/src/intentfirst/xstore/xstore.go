// Package xstore is a repository the handlers of another package call.
package xstore

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

// CreateIntent records an operation before its external call.
func (s *Store) CreateIntent(ctx context.Context, opID string, orderID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO intents (op_id, order_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", opID, orderID)
	return err
}

// SaveTracking writes a booking's outcome back.
func (s *Store) SaveTracking(ctx context.Context, orderID, tracking string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", tracking, orderID)
	return err
}
