// Package store keeps acknowledgements with sqlx's named parameters; it
// imports no driver.
package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// An Ack is a partner's acknowledgement of one of its messages.
type Ack struct {
	MessageID string `db:"message_id"`
	Code      string `db:"code"`
}

// Acks stores acknowledgements.
type Acks struct{ DB *sqlx.DB }

// Insert stores a.
func (s *Acks) Insert(ctx context.Context, a Ack) error {
	_, err := s.DB.NamedExecContext(ctx, `INSERT INTO acknowledgements (message_id, code) VALUES (:message_id, :code)`, a) // want `a retry inserts the row for the same message_id again, which fails or duplicates it: the INSERT into acknowledgements in store.Acks.Insert has no conflict handling for the caller-known message_id \(HTTP handler Handler.PostAck\); add ON DUPLICATE KEY UPDATE message_id = message_id and handle the existing row`
	return err
}
