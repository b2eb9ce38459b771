// Package repo declares the repositories the service sees, each able to
// make a copy of itself on a transaction.
package repo

import (
	"context"
	"database/sql"
)

// Keys records request keys.
type Keys interface {
	WithTx(tx *sql.Tx) Keys
	Claim(ctx context.Context, key string) (bool, error)
}

// Orders stores orders.
type Orders interface {
	WithTx(tx *sql.Tx) Orders
	Insert(ctx context.Context, id string, total int64) error
	AddPaid(ctx context.Context, id string, amount int64) error
	SetStatus(ctx context.Context, id, status string) error
	Total(ctx context.Context, id string) (int64, error)
	SetShipping(ctx context.Context, id, method string) error
	SetChannel(ctx context.Context, id, channel string) error
}

// Events records the provider events handled.
type Events interface {
	Seen(ctx context.Context, id string) (bool, error)
	Mark(ctx context.Context, id string) error
	MarkOnce(ctx context.Context, id string) error
}
