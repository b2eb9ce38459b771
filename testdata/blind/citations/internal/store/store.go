// Package store is the gorm-backed persistence layer. Each repository is an
// interface with a gorm implementation; Store hands out a Repos bundle
// either on the base handle or bound to a transaction.
package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"time"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/harborcity/citeproc/internal/platform/ids"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrate applies all pending migrations. dsn is a postgres:// URL; the pgx/v5
// migrate driver wants the pgx5:// scheme.
func Migrate(dsn string) error {
	src, err := iofs.New(migrationFS, "migrations")
	if err != nil {
		return fmt.Errorf("migrate: open source: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, pgx5URL(dsn))
	if err != nil {
		return fmt.Errorf("migrate: init: %w", err)
	}
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate: up: %w", err)
	}
	return nil
}

func pgx5URL(dsn string) string {
	for _, p := range []string{"postgres://", "postgresql://"} {
		if len(dsn) > len(p) && dsn[:len(p)] == p {
			return "pgx5://" + dsn[len(p):]
		}
	}
	return dsn
}

// Open connects gorm to Postgres.
func Open(dsn string) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(5)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	return db, nil
}

// Repos is the set of repositories bound to one handle.
type Repos struct {
	Citations   CitationRepository
	Ledger      LedgerRepository
	Fees        FeeRepository
	Notices     NoticeRepository
	Payments    PaymentRepository
	Plans       PlanRepository
	Disputes    DisputeRepository
	Holds       HoldRepository
	Collections CollectionsRepository
	Imports     ImportRepository
	// Tx is the underlying handle, for callers that must enlist other
	// libraries (River's database/sql driver, the idem markers) in the
	// same transaction.
	Tx *gorm.DB
}

// Transactor runs fn with repositories bound to a single transaction.
type Transactor interface {
	InTx(ctx context.Context, fn func(r Repos) error) error
}

// Store owns the base handle.
type Store struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

func New(db *gorm.DB) *Store {
	return &Store{db: db, newID: ids.UUID, now: func() time.Time { return time.Now().UTC() }}
}

// DB exposes the base handle.
func (s *Store) DB() *gorm.DB { return s.db }

// Repos returns repositories on the base (autocommit) handle.
func (s *Store) Repos(ctx context.Context) Repos {
	return s.bind(s.db.WithContext(ctx))
}

func (s *Store) InTx(ctx context.Context, fn func(r Repos) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(s.bind(tx))
	})
}

func (s *Store) bind(db *gorm.DB) Repos {
	return Repos{
		Citations:   &citationRepo{db: db, now: s.now},
		Ledger:      &ledgerRepo{db: db, newID: s.newID, now: s.now},
		Fees:        &feeRepo{db: db, newID: s.newID, now: s.now},
		Notices:     &noticeRepo{db: db, newID: s.newID, now: s.now},
		Payments:    &paymentRepo{db: db, newID: s.newID, now: s.now},
		Plans:       &planRepo{db: db, now: s.now},
		Disputes:    &disputeRepo{db: db, now: s.now},
		Holds:       &holdRepo{db: db, newID: s.newID, now: s.now},
		Collections: &collectionsRepo{db: db, newID: s.newID, now: s.now},
		Imports:     &importRepo{db: db, now: s.now},
		Tx:          db,
	}
}

// ErrNotFound is returned by Get-style methods when no row matches.
var ErrNotFound = errors.New("store: not found")

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}
