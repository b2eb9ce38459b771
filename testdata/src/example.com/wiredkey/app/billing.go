package app

import (
	"context"
	"database/sql"
)

// Units runs a function in a transaction; main wires its implementation.
type Units interface {
	WithTx(ctx context.Context, fn func(tx *sql.Tx) error) error
}

// Invoices stores invoices on the handle it is given.
type Invoices interface {
	Insert(ctx context.Context, tx *sql.Tx, id string) error
}

// KeyStore remembers the requests' keys.
type KeyStore interface {
	Seen(ctx context.Context, key string) (bool, error)
	Save(ctx context.Context, key string) error
}

// Billing bills once per request key.
type Billing interface {
	Bill(ctx context.Context, key string) error
}

type billing struct {
	units    Units
	invoices Invoices
	keys     KeyStore
}

// NewBilling returns the Billing the handlers use.
func NewBilling(u Units, i Invoices, k KeyStore) Billing {
	return &billing{units: u, invoices: i, keys: k}
}

// Bill checks the key on the pool, writes the invoice in the unit of
// work's transaction, and saves the key on the pool after it commits.
func (b *billing) Bill(ctx context.Context, key string) error {
	seen, err := b.keys.Seen(ctx, key)
	if err != nil || seen {
		return err
	}
	if err := b.units.WithTx(ctx, func(tx *sql.Tx) error {
		return b.invoices.Insert(ctx, tx, key)
	}); err != nil {
		return err
	}
	return b.keys.Save(ctx, key)
}
