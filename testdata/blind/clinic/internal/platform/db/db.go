// Package db opens the PostgreSQL handles used across the service and applies
// the embedded schema at startup.
package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/acme/clinic/internal/config"
)

//go:embed schema/*.sql
var schemaFS embed.FS

// OpenSQL opens the shared *sql.DB backed by pgx. The gorm and sqlx handles
// wrap this same pool so that connection limits are configured in one place.
func OpenSQL(lc fx.Lifecycle, cfg config.Config) (*sql.DB, error) {
	sqlDB, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB.SetMaxOpenConns(25)
	sqlDB.SetMaxIdleConns(10)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	lc.Append(fx.Hook{
		OnStop: func(context.Context) error { return sqlDB.Close() },
	})
	return sqlDB, nil
}

// OpenGorm builds a gorm handle over the shared pool.
func OpenGorm(sqlDB *sql.DB) (*gorm.DB, error) {
	return gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
}

// OpenSQLX wraps the pool for the reporting queries.
func OpenSQLX(sqlDB *sql.DB) *sqlx.DB {
	return sqlx.NewDb(sqlDB, "pgx")
}

// Migrate applies every embedded schema file, in lexical order, inside a single
// transaction. The files are written to be re-runnable.
func Migrate(lc fx.Lifecycle, sqlDB *sql.DB, log *slog.Logger) {
	lc.Append(fx.Hook{OnStart: func(ctx context.Context) error {
		files, err := fs.Glob(schemaFS, "schema/*.sql")
		if err != nil {
			return err
		}
		sort.Strings(files)
		tx, err := sqlDB.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback() }()
		for _, f := range files {
			body, err := schemaFS.ReadFile(f)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("apply %s: %w", f, err)
			}
			log.Info("schema applied", "file", f)
		}
		return tx.Commit()
	}})
}
