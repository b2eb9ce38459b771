// Package bundb exposes the rates/inventory side of the database through bun,
// sharing the pgx pool (and any unit-of-work transaction) with the ledger.
package bundb

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// New wraps the shared pool in a bun.DB.
func New(db *sql.DB) *bun.DB {
	return bun.NewDB(db, pgdialect.New())
}

// Conn returns the ledger transaction carried by ctx, or the bun.DB itself.
// Inventory repositories use it so that a reservation written through the
// unit of work and the inventory it consumes commit together.
func Conn(ctx context.Context, db *bun.DB) bun.IConn {
	if tx, ok := sqldb.TxFrom(ctx); ok {
		return tx
	}
	return db
}

// InTx reports whether ctx already carries a ledger transaction.
func InTx(ctx context.Context) bool {
	_, ok := sqldb.TxFrom(ctx)
	return ok
}
