// Package gormstore implements the domain repositories on PostgreSQL via
// gorm. Schema lives in deploy/sql; AutoMigrate is deliberately not used.
package gormstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/quillpress/apcdesk/internal/domain"
)

// Options tunes the connection pool.
type Options struct {
	MaxOpenConns    int
	ConnMaxLifetime time.Duration
}

// Open connects to Postgres and returns a *gorm.DB with errors translated
// to gorm's sentinel values.
func Open(dsn string, opts Options) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		TranslateError:         true,
		SkipDefaultTransaction: true,
		Logger:                 logger.Default.LogMode(logger.Warn),
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("gormstore: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("gormstore: sql handle: %w", err)
	}
	if opts.MaxOpenConns > 0 {
		sqlDB.SetMaxOpenConns(opts.MaxOpenConns)
		sqlDB.SetMaxIdleConns(opts.MaxOpenConns / 2)
	}
	sqlDB.SetConnMaxLifetime(max(opts.ConnMaxLifetime, 5*time.Minute))
	return db, nil
}

// Store is the gorm-backed domain.Store.
type Store struct {
	db *gorm.DB
}

var _ domain.Store = (*Store)(nil)

// New wraps a *gorm.DB.
func New(db *gorm.DB) *Store { return &Store{db: db} }

func (s *Store) Invoices() domain.InvoiceRepository               { return invoiceRepo{s.db} }
func (s *Store) Payments() domain.PaymentRepository               { return paymentRepo{s.db} }
func (s *Store) Waivers() domain.WaiverRepository                 { return waiverRepo{s.db} }
func (s *Store) Agreements() domain.AgreementRepository           { return agreementRepo{s.db} }
func (s *Store) DOIs() domain.DOIRepository                       { return doiRepo{s.db} }
func (s *Store) Outbox() domain.OutboxRepository                  { return outboxRepo{s.db} }
func (s *Store) Receipts() domain.ReceiptRepository               { return receiptRepo{s.db} }
func (s *Store) Idempotency() domain.IdempotencyRepository        { return idempotencyRepo{s.db} }
func (s *Store) ProcessedEvents() domain.ProcessedEventRepository { return processedRepo{s.db} }
func (s *Store) Audit() domain.AuditRepository                    { return auditRepo{s.db} }

// Tx runs fn inside db.Transaction; the Store passed to fn is bound to the
// transaction.
func (s *Store) Tx(ctx context.Context, fn func(tx domain.Store) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(&Store{db: tx})
	})
}

// Ping checks connectivity; used by readiness probes.
func (s *Store) Ping(ctx context.Context) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// translate maps gorm sentinel errors to domain errors.
func translate(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return domain.ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("%w: %v", domain.ErrConflict, err)
	default:
		return err
	}
}
