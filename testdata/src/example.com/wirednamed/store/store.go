// Package store keeps partner_acks with sqlx's named parameters; it
// imports no driver.
package store

import (
	"context"

	"github.com/jmoiron/sqlx"
	"github.com/uptrace/bun"
)

// An Ack is a partner's acknowledgement of one of its messages.
type Ack struct {
	MessageID string `db:"message_id"`
	Code      string `db:"code"`
}

// Acks stores partner_acks.
type Acks struct{ DB *sqlx.DB }

// Insert stores a.
func (s *Acks) Insert(ctx context.Context, a Ack) error {
	_, err := s.DB.NamedExecContext(ctx, `INSERT INTO partner_acks (message_id, code) VALUES (:message_id, :code)`, a) // want `a retry inserts the row for the same message_id again, which fails or duplicates it: the INSERT into partner_acks in store.Acks.Insert has no conflict handling for the caller-known message_id \(HTTP handler Handler.PostAck\); add ON DUPLICATE KEY UPDATE message_id = message_id and handle the existing row`
	return err
}

// A Receipt is the count a partner received of a lot.
type Receipt struct {
	bun.BaseModel `bun:"table:lot_receipts"`

	LotRef string `bun:"lot_ref,pk"`
	Count  int    `bun:"count"`
}

// Receipts stores receipts with bun.
type Receipts struct{ DB *bun.DB }

// Add stores r.
func (s *Receipts) Add(ctx context.Context, r *Receipt) error {
	_, err := s.DB.NewInsert().Model(r).Exec(ctx) // want `a retry inserts the row for the same lot_ref again, which fails or duplicates it: the INSERT into lot_receipts in store.Receipts.Add has no conflict handling for the caller-known lot_ref \(HTTP handler Handler.PostReceipt\); add ON DUPLICATE KEY UPDATE lot_ref = lot_ref and handle the existing row`
	return err
}
