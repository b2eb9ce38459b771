// Package store contains the pgx-backed repositories. Every repository
// resolves its connection per call: the transaction carried in the context
// when there is one, the pool otherwise.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/pantryco/fulfilment/internal/platform/pg"
)

func txFromCtx(ctx context.Context) (pgx.Tx, bool) {
	return pg.TxFromContext(ctx)
}

// conn picks the transaction in ctx or falls back to the injected handle.
func conn(ctx context.Context, db pg.DBTX) pg.DBTX {
	if tx, ok := txFromCtx(ctx); ok {
		return tx
	}
	return db
}

// rowScanner lets scan helpers accept both pgx.Row and pgx.Rows.
type rowScanner interface {
	Scan(dest ...any) error
}
