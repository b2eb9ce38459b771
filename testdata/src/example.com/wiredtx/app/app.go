// Package app declares the service the handlers call and the
// repositories it reaches through interfaces; main wires them.
package app

import (
	"context"
	"database/sql"
)

type Order struct {
	ID      string
	Account string
	Total   int64
}

// Service is what the handlers call.
type Service interface {
	Place(ctx context.Context, o Order) error
	PlaceTx(ctx context.Context, o Order) error
	Transfer(ctx context.Context, from, to string, amount int64) error
	TransferTx(ctx context.Context, from, to string, amount int64) error
	Either(ctx context.Context, o Order, debit bool) error
	Upsert(ctx context.Context, o Order) error
	Close(ctx context.Context, id string) error
	Audit(ctx context.Context, id string) error
}

// Orders stores orders.
type Orders interface {
	Insert(ctx context.Context, o Order) error
	InsertTx(ctx context.Context, tx *sql.Tx, o Order) error
	Upsert(ctx context.Context, o Order) error
	SetStatus(ctx context.Context, id, status string) error
}

// Ledger moves money between accounts.
type Ledger interface {
	Debit(ctx context.Context, account string, amount int64) error
	DebitTx(ctx context.Context, tx *sql.Tx, account string, amount int64) error
	Transfer(ctx context.Context, from, to string, amount int64) error
	TransferTx(ctx context.Context, from, to string, amount int64) error
}

// Journal appends audit entries.
type Journal interface {
	Record(ctx context.Context, id string) error
}

type service struct {
	db      *sql.DB
	orders  Orders
	ledger  Ledger
	journal Journal
}

// New returns the Service the handlers use.
func New(db *sql.DB, o Orders, l Ledger, j Journal) Service {
	return &service{db: db, orders: o, ledger: l, journal: j}
}

// Place inserts the order and debits the account, each on the pool: a
// failure between them leaves the order without its debit.
func (s *service) Place(ctx context.Context, o Order) error {
	if err := s.orders.Insert(ctx, o); err != nil {
		return err
	}
	return s.ledger.Debit(ctx, o.Account, o.Total)
}

// PlaceTx runs both on one transaction it begins.
func (s *service) PlaceTx(ctx context.Context, o Order) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := s.orders.InsertTx(ctx, tx, o); err != nil {
		return err
	}
	if err := s.ledger.DebitTx(ctx, tx, o.Account, o.Total); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *service) Transfer(ctx context.Context, from, to string, amount int64) error {
	return s.ledger.Transfer(ctx, from, to, amount)
}

func (s *service) TransferTx(ctx context.Context, from, to string, amount int64) error {
	return s.ledger.TransferTx(ctx, from, to, amount)
}

// Either writes one of the two, never both.
func (s *service) Either(ctx context.Context, o Order, debit bool) error {
	if debit {
		return s.ledger.Debit(ctx, o.Account, o.Total)
	}
	return s.orders.Insert(ctx, o)
}

// Upsert's writes repeat harmlessly.
func (s *service) Upsert(ctx context.Context, o Order) error {
	if err := s.orders.Upsert(ctx, o); err != nil {
		return err
	}
	return s.orders.SetStatus(ctx, o.ID, "placed")
}

func (s *service) Close(ctx context.Context, id string) error {
	return s.orders.SetStatus(ctx, id, "closed")
}

func (s *service) Audit(ctx context.Context, id string) error {
	if err := s.journal.Record(ctx, id); err != nil {
		return err
	}
	return s.journal.Record(ctx, id+"-done")
}
