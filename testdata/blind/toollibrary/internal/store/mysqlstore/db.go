// Package mysqlstore implements store.Store on MySQL 8 with sqlx.
package mysqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/txutil"
	"github.com/shedshare/toolsd/internal/store"
)

// querier is satisfied by both *sqlx.DB and *sqlx.Tx.
type querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

// Store is the MySQL-backed store.Store.
type Store struct {
	db   *sqlx.DB
	q    querier
	inTx bool
}

var _ store.Store = (*Store)(nil)

// Options configures the connection pool.
type Options struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
}

// Open connects to MySQL. The DSN must set parseTime=true.
func Open(ctx context.Context, o Options) (*sqlx.DB, func(), error) {
	cfg, err := mysql.ParseDSN(o.DSN)
	if err != nil {
		return nil, nil, fmt.Errorf("parse dsn: %w", err)
	}
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	if cfg.Params == nil {
		cfg.Params = map[string]string{}
	}
	cfg.Params["time_zone"] = "'+00:00'"
	db, err := sqlx.Open("mysql", cfg.FormatDSN())
	if err != nil {
		return nil, nil, err
	}
	if o.MaxOpenConns > 0 {
		db.SetMaxOpenConns(o.MaxOpenConns)
	}
	if o.MaxIdleConns > 0 {
		db.SetMaxIdleConns(o.MaxIdleConns)
	}
	if o.ConnMaxLifetime > 0 {
		db.SetConnMaxLifetime(o.ConnMaxLifetime)
	}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, nil, fmt.Errorf("ping mysql: %w", err)
	}
	return db, func() { _ = db.Close() }, nil
}

// New wraps an open pool.
func New(db *sqlx.DB) *Store { return &Store{db: db, q: db} }

func (s *Store) Members() store.MemberStore           { return memberRepo{s.q} }
func (s *Store) Tools() store.ToolStore               { return toolRepo{s.q} }
func (s *Store) Lockers() store.LockerStore           { return lockerRepo{s.q} }
func (s *Store) Reservations() store.ReservationStore { return reservationRepo{s.q} }
func (s *Store) Idempotency() store.IdempotencyStore  { return idempotencyRepo{s.q} }
func (s *Store) Loans() store.LoanStore               { return loanRepo{s.q} }
func (s *Store) Deposits() store.DepositStore         { return depositRepo{s.q} }
func (s *Store) Fees() store.FeeStore                 { return feeRepo{s.q} }
func (s *Store) SMS() store.SMSStore                  { return smsRepo{s.q} }
func (s *Store) Repairs() store.RepairStore           { return repairRepo{s.q} }
func (s *Store) Inbox() store.InboxStore              { return inboxRepo{s.q} }

// InTx runs fn in a transaction. Nested calls reuse the outer transaction.
func (s *Store) InTx(ctx context.Context, fn func(tx store.Store) error) error {
	if s.inTx {
		return fn(s)
	}
	return txutil.WithTx(ctx, s.db, &sql.TxOptions{Isolation: sql.LevelReadCommitted}, func(tx *sqlx.Tx) error {
		return fn(&Store{db: s.db, q: tx, inTx: true})
	})
}

const errDupEntry = 1062

func isDuplicate(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == errDupEntry
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return err
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// in expands an IN (?) clause and rebinds for the driver.
func in(q querier, query string, args ...any) (string, []any, error) {
	query, args, err := sqlx.In(query, args...)
	if err != nil {
		return "", nil, err
	}
	return q.Rebind(query), args, nil
}

func strPtr(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
