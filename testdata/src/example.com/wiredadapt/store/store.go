// Package store implements orders.Store.
package store

import (
	"context"
	"database/sql"
)

// Store is the orders database.
type Store struct{ DB *sql.DB }

// InsertOrder stores an order under the ID it is given.
func (s *Store) InsertOrder(ctx context.Context, id string, total int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	return err
}

// InsertRefund stores a refund under the ID it is given.
func (s *Store) InsertRefund(ctx context.Context, id, orderID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO refunds (id, order_id) VALUES ($1, $2)", id, orderID)
	return err
}

// SettleTx settles an order in a transaction.
func (s *Store) SettleTx(ctx context.Context, orderID string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET settled_cents = settled_cents + 10 WHERE id = $1", orderID); err != nil {
		return err
	}
	return tx.Commit()
}

// MarkProcessed records an event as handled.
func (s *Store) MarkProcessed(ctx context.Context, eventID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT DO NOTHING", eventID) // want `a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(processed_messages on a handle that commits each statement, the effect on a transaction; franz-go consumer loop Consumer.Run\)`
	return err
}
