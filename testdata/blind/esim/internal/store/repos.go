package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/globetrek/esim-platform/internal/model"
)

// Repos groups the repositories bound to one connection or transaction.
type Repos struct {
	Customers        *Repository[model.Customer]
	Resellers        *Repository[model.Reseller]
	Plans            *Repository[model.Plan]
	Orders           *Repository[model.Order]
	PaymentAttempts  *Repository[model.PaymentAttempt]
	PaymentEvents    *Repository[model.PaymentEvent]
	Esims            *Repository[model.Esim]
	TopUps           *Repository[model.TopUp]
	Refunds          *Repository[model.Refund]
	UsageReports     *Repository[model.UsageReport]
	UsageRecords     *Repository[model.UsageRecord]
	AlertSettings    *Repository[model.AlertSetting]
	AlertsSent       *Repository[model.AlertSent]
	Notifications    *Repository[model.Notification]
	Ledger           *Repository[model.LedgerEntry]
	Settlements      *Repository[model.Settlement]
	PromoCodes       *Repository[model.PromoCode]
	PromoRedemptions *Repository[model.PromoRedemption]
	Keys             *KeyStore
	Inbox            *Inbox
}

// NewRepos binds every repository to db.
func NewRepos(db DBTX) *Repos {
	return &Repos{
		Customers:        NewRepository(db, &customerEntity),
		Resellers:        NewRepository(db, &resellerEntity),
		Plans:            NewRepository(db, &planEntity),
		Orders:           NewRepository(db, &orderEntity),
		PaymentAttempts:  NewRepository(db, &paymentAttemptEntity),
		PaymentEvents:    NewRepository(db, &paymentEventEntity),
		Esims:            NewRepository(db, &esimEntity),
		TopUps:           NewRepository(db, &topUpEntity),
		Refunds:          NewRepository(db, &refundEntity),
		UsageReports:     NewRepository(db, &usageReportEntity),
		UsageRecords:     NewRepository(db, &usageRecordEntity),
		AlertSettings:    NewRepository(db, &alertSettingEntity),
		AlertsSent:       NewRepository(db, &alertSentEntity),
		Notifications:    NewRepository(db, &notificationEntity),
		Ledger:           NewRepository(db, &ledgerEntity),
		Settlements:      NewRepository(db, &settlementEntity),
		PromoCodes:       NewRepository(db, &promoCodeEntity),
		PromoRedemptions: NewRepository(db, &promoRedemptionEntity),
		Keys:             &KeyStore{db: db},
		Inbox:            &Inbox{db: db},
	}
}

// DB is the pool-backed entry to the store.
type DB struct {
	*Repos
	Pool *pgxpool.Pool
}

// Open connects a pool to dsn.
func Open(ctx context.Context, dsn string, maxConns int32) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("parse dsn: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping: %w", err)
	}
	return &DB{Repos: NewRepos(pool), Pool: pool}, nil
}

// InTx runs fn in one transaction, committing when it returns nil.
func (d *DB) InTx(ctx context.Context, fn func(r *Repos) error) error {
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		return fn(NewRepos(tx))
	})
}

// Close releases the pool.
func (d *DB) Close() { d.Pool.Close() }
