// Package uow provides the unit-of-work abstraction used by services. A
// unit of work is one database transaction; repositories receive the bun.Tx
// explicitly so a service decides which writes commit together.
package uow

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

// UnitOfWork runs fn inside a single transaction. If fn returns an error the
// transaction is rolled back.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error
}

type bunUnitOfWork struct {
	db   *bun.DB
	opts *sql.TxOptions
}

// New returns a UnitOfWork over db using read-committed transactions.
func New(db *bun.DB) UnitOfWork {
	return &bunUnitOfWork{db: db, opts: &sql.TxOptions{Isolation: sql.LevelReadCommitted}}
}

func (u *bunUnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	return u.db.RunInTx(ctx, u.opts, fn)
}
