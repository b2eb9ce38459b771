package pgxfour

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

// execer is what both the pool and a transaction run statements with.
type execer interface {
	Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error)
}

// accounts runs its statements on the transaction it is given, or on its
// pool when given none.
type accounts struct{ pool *pgxpool.Pool }

func (a *accounts) on(tx pgx.Tx) execer {
	if tx != nil {
		return tx
	}
	return a.pool
}

func (a *accounts) debit(ctx context.Context, tx pgx.Tx, amount, id int) error {
	_, err := a.on(tx).Exec(ctx, debitQuery, amount, id)
	return err
}

func (a *accounts) record(ctx context.Context, tx pgx.Tx, id, amount int) error {
	_, err := a.on(tx).Exec(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", id, amount)
	return err
}

var accts = &accounts{pool: pool}

// The debit commits in the transaction, its ledger row on the pool after.
func debitThenRecord(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := accts.debit(ctx, tx, 10, 1); err != nil { // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in accounts.debit is not idempotent \(asynq handler debitThenRecord\)`
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return accts.record(ctx, nil, 1, -10)
}

// Negative: both on the transaction the selector is given.
func debitAndRecord(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := accts.debit(ctx, tx, 10, 1); err != nil {
		return err
	}
	if err := accts.record(ctx, tx, 1, -10); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// ledgerRepo's selector tests for nil first.
type ledgerRepo struct{ pool *pgxpool.Pool }

func (l *ledgerRepo) conn(tx pgx.Tx) execer {
	if tx == nil {
		return l.pool
	}
	return tx
}

func (l *ledgerRepo) add(ctx context.Context, tx pgx.Tx, id, amount int) error {
	_, err := l.conn(tx).Exec(ctx, "INSERT INTO ledger (account_id, amount) VALUES ($1, $2)", id, amount)
	return err
}

// transfers hands the transaction it is given, if any, to both writes.
type transfers struct {
	accts  *accounts
	ledger *ledgerRepo
}

func (s *transfers) apply(ctx context.Context, tx pgx.Tx, id, amount int) error {
	if err := s.accts.debit(ctx, tx, amount, id); err != nil {
		return err
	}
	return s.ledger.add(ctx, tx, id, -amount)
}

var xfers = &transfers{accts: accts, ledger: &ledgerRepo{pool: pool}}

// Given no transaction, each write commits on its own.
func transferAlone(ctx context.Context, t *asynq.Task) error {
	return xfers.apply(ctx, nil, 1, 10) // want `2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in transfers.apply is not idempotent \(asynq handler transferAlone\)`
}

// Negative: given one transaction, the writes commit together.
func transferInTx(ctx context.Context, t *asynq.Task) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := xfers.apply(ctx, tx, 1, 10); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
