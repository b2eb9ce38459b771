// Package repository contains the bun-backed persistence layer. Every
// repository is an interface so services can be tested with fakes, and
// every implementation can be rebound to a transaction with WithTx.
package repository

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

// Transactor runs fn inside a database transaction.
type Transactor interface {
	RunInTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error
}

type transactor struct{ db *bun.DB }

// NewTransactor wraps db.RunInTx with read-committed isolation.
func NewTransactor(db *bun.DB) Transactor { return &transactor{db: db} }

func (t *transactor) RunInTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	return t.db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted}, fn)
}

func affected(res sql.Result) int64 {
	if res == nil {
		return 0
	}
	n, _ := res.RowsAffected()
	return n
}
