// Package postgres implements the app's repositories on PostgreSQL using
// pgx v5. Transactions are carried in the context by TxManager; every
// repository method runs on the context's transaction when there is one
// and on the pool otherwise.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/config"
	"github.com/vendgrid/fleetops/internal/domain"
)

// NewPool opens the pool and closes it when the fx app stops.
func NewPool(lc fx.Lifecycle, cfg config.Postgres) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if cfg.MaxConns > 0 {
		pcfg.MaxConns = cfg.MaxConns
	}
	pcfg.MaxConnIdleTime = 5 * time.Minute
	pcfg.ConnConfig.RuntimeParams["application_name"] = cfg.AppName

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}

// DBTX is the subset of pgx shared by *pgxpool.Pool and pgx.Tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Conn resolves the handle a repository should use for a given context.
type Conn struct {
	pool *pgxpool.Pool
}

func NewConn(pool *pgxpool.Pool) Conn { return Conn{pool: pool} }

func (c Conn) From(ctx context.Context) DBTX {
	if tx, ok := txFrom(ctx); ok {
		return tx
	}
	return c.pool
}

const uniqueViolation = "23505"

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == uniqueViolation
}

// notFound maps pgx.ErrNoRows to the domain's not-found error.
func notFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return err
}

type txKey struct{}

func withTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

func txFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

// TxManager implements app.TxRunner.
type TxManager struct {
	pool *pgxpool.Pool
}

func NewTxManager(pool *pgxpool.Pool) *TxManager { return &TxManager{pool: pool} }

// WithinTx runs fn in a transaction stored in the context passed to fn.
// Nested calls join the outer transaction.
func (m *TxManager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := txFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := m.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback(context.WithoutCancel(ctx))
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(context.WithoutCancel(ctx)); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
			}
		}
	}()
	if err = fn(withTx(ctx, tx)); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Module provides the pool, the transaction runner and every repository
// under its app port type.
var Module = fx.Module("postgres",
	fx.Provide(
		NewPool,
		NewConn,
		fx.Annotate(NewTxManager, fx.As(new(app.TxRunner))),
		fx.Annotate(NewMachineRepo, fx.As(new(app.MachineRepository))),
		fx.Annotate(NewPaymentRepo, fx.As(new(app.PaymentRepository))),
		fx.Annotate(NewRefundRepo, fx.As(new(app.RefundRepository))),
		fx.Annotate(NewSaleRepo, fx.As(new(app.SaleRepository))),
		fx.Annotate(NewFaultRepo, fx.As(new(app.FaultRepository))),
		fx.Annotate(NewCounterRepo, fx.As(new(app.CounterRepository))),
		fx.Annotate(NewCollectionRepo, fx.As(new(app.CollectionRepository))),
		fx.Annotate(NewRestockRepo, fx.As(new(app.RestockRepository))),
		fx.Annotate(NewOutboxRepo, fx.As(new(app.OutboxRepository))),
		fx.Annotate(NewCommissionRepo, fx.As(new(app.CommissionRepository))),
		fx.Annotate(NewWebhookRepo, fx.As(new(app.WebhookRepository))),
		NewIdempotencyStore,
	),
)
