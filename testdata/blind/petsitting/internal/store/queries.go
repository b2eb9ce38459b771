package store

import (
	"github.com/jackc/pgx/v5"

	"github.com/pawtrail-labs/pawtrail/internal/pg"
)

// Queries is the flat set of SQL statements, shaped like sqlc output so the
// package can be regenerated later without touching callers.
type Queries struct {
	db pg.DBTX
}

func New(db pg.DBTX) *Queries {
	return &Queries{db: db}
}

func (q *Queries) WithTx(tx pgx.Tx) *Queries {
	return &Queries{db: tx}
}
