// Package postgres implements the domain repositories on PostgreSQL with sqlx.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"

	"github.com/skyway-air/ancillaries/internal/domain"
)

// Open connects to PostgreSQL and verifies the connection.
func Open(ctx context.Context, dsn string) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(10)
	db.SetConnMaxLifetime(30 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("postgres: ping: %w", err)
	}
	return db, nil
}

// Store is the sqlx implementation of domain.Store.
type Store struct {
	repos
	db     *sqlx.DB
	logger watermill.LoggerAdapter
}

var _ domain.Store = (*Store)(nil)

// NewStore builds a Store over db.
func NewStore(db *sqlx.DB, logger *slog.Logger) *Store {
	return &Store{
		repos:  repos{q: db},
		db:     db,
		logger: watermill.NewSlogLogger(logger),
	}
}

// Within runs fn in a transaction, committing when fn returns nil.
func (s *Store) Within(ctx context.Context, fn func(ctx context.Context, tx domain.Tx) error) (err error) {
	sqlTx, err := s.db.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("postgres: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqlTx.Rollback()
		}
	}()
	t := &tx{repos: repos{q: sqlTx}, tx: sqlTx, logger: s.logger}
	if err = fn(ctx, t); err != nil {
		return err
	}
	if err = sqlTx.Commit(); err != nil {
		return fmt.Errorf("postgres: commit: %w", err)
	}
	return nil
}

type tx struct {
	repos
	tx     *sqlx.Tx
	logger watermill.LoggerAdapter
}

func (t *tx) Outbox() domain.Outbox { return &outbox{tx: t.tx, logger: t.logger} }

// repos binds every repository to one query handle, either the pool or a
// transaction.
type repos struct {
	q sqlx.ExtContext
}

func (r repos) Orders() domain.OrderRepository               { return orderRepo{r.q} }
func (r repos) Items() domain.ItemRepository                 { return itemRepo{r.q} }
func (r repos) Profiles() domain.PaymentProfileRepository    { return profileRepo{r.q} }
func (r repos) Idempotency() domain.IdempotencyRepository    { return idempotencyRepo{r.q} }
func (r repos) SeatHolds() domain.SeatHoldRepository         { return seatHoldRepo{r.q} }
func (r repos) Refunds() domain.RefundRepository             { return refundRepo{r.q} }
func (r repos) Credits() domain.CreditRepository             { return creditRepo{r.q} }
func (r repos) EMDs() domain.EMDRepository                   { return emdRepo{r.q} }
func (r repos) Accruals() domain.AccrualRepository           { return accrualRepo{r.q} }
func (r repos) Lounge() domain.LoungeRepository              { return loungeRepo{r.q} }
func (r repos) Notifications() domain.NotificationRepository { return notificationRepo{r.q} }
func (r repos) Inbox() domain.InboxRepository                { return inboxRepo{r.q} }
func (r repos) Disruptions() domain.DisruptionRepository     { return disruptionRepo{r.q} }

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
