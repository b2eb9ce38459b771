// Package dbx opens the bun handle and carries transactions through the
// context so repositories can join whatever transaction the service began.
package dbx

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"github.com/uptrace/bun/migrate"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/migrations"
)

type txKey struct{}

// Open returns a bun.DB over pgdriver and registers a close hook.
func Open(lc fx.Lifecycle, cfg config.Config, log *zap.Logger) (*bun.DB, error) {
	sqldb := sql.OpenDB(pgdriver.NewConnector(
		pgdriver.WithDSN(cfg.DatabaseURL),
		pgdriver.WithTimeout(10*time.Second),
	))
	sqldb.SetMaxOpenConns(20)
	sqldb.SetMaxIdleConns(10)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)

	db := bun.NewDB(sqldb, pgdialect.New())

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := db.PingContext(ctx); err != nil {
				return fmt.Errorf("ping postgres: %w", err)
			}
			if cfg.MigrateOnStart {
				return Migrate(ctx, db, log)
			}
			return nil
		},
		OnStop: func(context.Context) error { return db.Close() },
	})
	return db, nil
}

// Migrate applies pending migrations under the migrator's advisory lock.
func Migrate(ctx context.Context, db *bun.DB, log *zap.Logger) error {
	m := migrate.NewMigrator(db, migrations.Migrations)
	if err := m.Init(ctx); err != nil {
		return err
	}
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer func() { _ = m.Unlock(ctx) }()

	group, err := m.Migrate(ctx)
	if err != nil {
		return err
	}
	if group.IsZero() {
		log.Info("schema up to date")
		return nil
	}
	log.Info("migrated", zap.String("group", group.String()))
	return nil
}

// Tx is satisfied by *TxRunner; services depend on it rather than on bun.
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// TxRunner starts a transaction, or joins the one already in ctx.
type TxRunner struct{ DB *bun.DB }

func NewTxRunner(db *bun.DB) *TxRunner { return &TxRunner{DB: db} }

func (r *TxRunner) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return fn(ctx)
	}
	return r.DB.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn returns the transaction carried by ctx, or db when there is none.
func Conn(ctx context.Context, db *bun.DB) bun.IDB {
	if tx, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return tx
	}
	return db
}

// Module provides the database handle and the transaction runner.
var Module = fx.Module("dbx",
	fx.Provide(
		Open,
		NewTxRunner,
		func(r *TxRunner) Tx { return r },
	),
)
