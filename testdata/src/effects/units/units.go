// Package units runs SQL statements on pools, transactions and handles
// whose commit unit the caller decides. Each statement's want says its
// unit; transactions are numbered in the order they first run a
// statement, so two statements on one transaction say the same number.
package units

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	db   *sql.DB
	pool *pgxpool.Pool
)

// Each statement on a pool or a connection commits on its own.
func pools(ctx context.Context, conn *sql.Conn, pc *pgx.Conn) {
	db.ExecContext(ctx, "INSERT INTO a (id) VALUES ($1)", 1)   // want `on pool`
	conn.ExecContext(ctx, "INSERT INTO a (id) VALUES ($1)", 2) // want `on pool`
	pool.Exec(ctx, "INSERT INTO a (id) VALUES ($1)", 3)        // want `on pool`
	pc.Exec(ctx, "INSERT INTO a (id) VALUES ($1)", 4)          // want `on pool`
}

// Two statements of one transaction, then one of another.
func twoTx(ctx context.Context) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO a (id) VALUES ($1)", 1) // want `on tx1$`
	tx.ExecContext(ctx, "INSERT INTO b (id) VALUES ($1)", 1) // want `on tx1$`
	if err := tx.Commit(); err != nil {
		return err
	}
	other, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	other.ExecContext(ctx, "INSERT INTO c (id) VALUES ($1)", 1) // want `on tx2$`
	return other.Commit()
}

// A pgx transaction, also through a local copy.
func pgxTx(ctx context.Context) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	same := tx
	tx.Exec(ctx, "INSERT INTO a (id) VALUES ($1)", 1)   // want `on tx3$`
	same.Exec(ctx, "INSERT INTO b (id) VALUES ($1)", 1) // want `on tx3$`
	return tx.Commit(ctx)
}

// The same field of the same value, read twice, is one transaction.
type job struct{ tx pgx.Tx }

func fromField(ctx context.Context, j *job) {
	j.tx.Exec(ctx, "INSERT INTO a (id) VALUES ($1)", 1) // want `on tx4$`
	j.tx.Exec(ctx, "INSERT INTO b (id) VALUES ($1)", 1) // want `on tx4$`
}

// A closure's statement runs on the transaction it captures.
func inClosure(ctx context.Context) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO a (id) VALUES ($1)", 1) // want `on tx5$`
	write := func() {
		tx.ExecContext(ctx, "INSERT INTO b (id) VALUES ($1)", 1) // want `on tx5$`
	}
	write()
	return tx.Commit()
}

// DBTX is the handle generated queries run on: the caller decides.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func unknown(ctx context.Context, h DBTX, tx *sql.Tx) {
	h.ExecContext(ctx, "INSERT INTO a (id) VALUES ($1)", 1)  // want `on unknown`
	tx.ExecContext(ctx, "INSERT INTO a (id) VALUES ($1)", 1) // want `on tx6$`
}

// A query that is not constant is no statement.
func notConstant(ctx context.Context, q string) {
	db.ExecContext(ctx, q, 1)
}
