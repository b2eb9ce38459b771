// Package ordersrepo holds hand-written repository helpers over the
// orders database: on a pool of their own, on a handle their maker
// chooses, on a transaction they are given or begin.
package ordersrepo

import (
	"context"
	"database/sql"
	"errors"

	"example.com/ordersdb"
	"github.com/jackc/pgx/v5/pgconn"
)

// Accounts writes on the pool it holds: each statement commits on its
// own.
type Accounts struct{ DB *sql.DB }

// Debit takes amount from an account.
func (a *Accounts) Debit(ctx context.Context, id string, amount int64) error {
	_, err := a.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, id)
	return err
}

// Credit gives amount to an account.
func (a *Accounts) Credit(ctx context.Context, id string, amount int64) error {
	_, err := a.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", amount, id)
	return err
}

// Store is a repository over a handle that its maker chooses.
type Store struct{ db ordersdb.DBTX }

// NewStore returns a Store on db: the pool, or a transaction.
func NewStore(db ordersdb.DBTX) *Store { return &Store{db: db} }

// InsertOrder inserts an order.
func (s *Store) InsertOrder(ctx context.Context, id string, total int64) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	return err
}

// RecordKey records an idempotency key.
func (s *Store) RecordKey(ctx context.Context, key string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key)
	return err
}

// Service runs the generated queries it holds.
type Service struct{ q *ordersdb.Queries }

// NewService returns a Service whose queries run on db.
func NewService(db ordersdb.DBTX) *Service { return &Service{q: ordersdb.New(db)} }

// Charge debits an account.
func (s *Service) Charge(ctx context.Context, id string, amount int64) error {
	return s.q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: id, Amount: amount})
}

// RecordKey records an idempotency key.
func (s *Service) RecordKey(ctx context.Context, key string) error {
	return s.q.InsertIdempotencyKey(ctx, key)
}

// InsertLedger books an entry on the caller's transaction.
func InsertLedger(ctx context.Context, tx *sql.Tx, account string, amount int64) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO ledger_entries (account_id, amount) VALUES ($1, $2)", account, amount)
	return err
}

// Transfer debits one account and credits the other on db: together
// when db is a transaction, one by one when it is the pool.
func Transfer(ctx context.Context, db ordersdb.DBTX, from, to string, amount int64) error {
	q := ordersdb.New(db)
	if err := q.DebitAccount(ctx, ordersdb.DebitAccountParams{ID: from, Amount: amount}); err != nil {
		return err
	}
	return q.CreditAccount(ctx, ordersdb.CreditAccountParams{ID: to, Amount: amount})
}

// Count updates a counter or inserts it: one statement per call.
func Count(ctx context.Context, db ordersdb.DBTX, id string, exists bool) error {
	if exists {
		_, err := db.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE id = $1", id)
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO counters (id, n) VALUES ($1, 1)", id)
	return err
}

// PayOnce claims the key and pays only the first time.
func PayOnce(ctx context.Context, db ordersdb.DBTX, key string, amount int64) error {
	n, err := ordersdb.New(db).ClaimKey(ctx, key)
	if err != nil || n == 0 {
		return err
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO payments (amount) VALUES ($1)", amount); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, key)
	return err
}

var pool *sql.DB

// Rebalance moves money with two statements on the package's pool, each
// committing on its own.
func Rebalance(ctx context.Context, from, to string, amount int64) error {
	if _, err := pool.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amount, from); err != nil {
		return err
	}
	_, err := pool.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", amount, to)
	return err
}

// Book inserts a booking in a transaction of its own.
func Book(ctx context.Context, db *sql.DB, room string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO bookings (room) VALUES ($1)", room); err != nil {
		return err
	}
	return tx.Commit()
}

// PayTwice records a key and an effect on db: a key and its effect in
// one call, whose order only the helper knows.
func PayTwice(ctx context.Context, db ordersdb.DBTX, key string) error {
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO payments (amount) VALUES ($1)", 1)
	return err
}

// InsertOrderOnce inserts an order and takes a unique violation for
// the order that an earlier attempt inserted.
func (s *Store) InsertOrderOnce(ctx context.Context, id string, total int64) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

// nullID is an ID as a driver takes it, valid when set.
type nullID struct {
	S     string
	Valid bool
}

func toNullID(id string) nullID { return nullID{S: id, Valid: id != ""} }

func scoped(tenant, id string) nullID { return nullID{S: tenant + "/" + id, Valid: true} }

// InsertOrderWrapped stores the ID through a converter that keeps it
// whole: the caller's ID is still the row's.
func (s *Store) InsertOrderWrapped(ctx context.Context, id string, total int64) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", toNullID(id), total)
	return err
}

// InsertOrderScoped stores an ID made of two values: not the caller's
// ID alone.
func (s *Store) InsertOrderScoped(ctx context.Context, tenant, id string, total int64) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", scoped(tenant, id), total)
	return err
}

// ErrDuplicate and ErrConflict are what the store renames a unique
// violation to.
var (
	ErrDuplicate = errors.New("duplicate")
	ErrConflict  = errors.New("conflict")
)

// InsertInvoice renames a unique violation to ErrDuplicate: the
// duplicate is its callers' to take.
func (s *Store) InsertInvoice(ctx context.Context, id string, total int64) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO invoices (id, total) VALUES ($1, $2)", id, total)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrDuplicate
	}
	return err
}

// InsertReceipt renames a unique violation to ErrConflict.
func (s *Store) InsertReceipt(ctx context.Context, id string, total int64) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO receipts (id, total) VALUES ($1, $2)", id, total)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrConflict
	}
	return err
}
