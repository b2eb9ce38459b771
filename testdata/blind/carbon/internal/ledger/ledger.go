// Package ledger keeps credit holdings with hand-written SQL. Every method
// runs on the transaction bound to ctx (gorm or database/sql) when there is
// one, so callers decide the unit of work.
package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
)

// Buckets of a balance row.
const (
	BucketAvailable = "available"
	BucketReserved  = "reserved"
	BucketRetired   = "retired"
)

var (
	// ErrInsufficient is returned when an account does not hold enough credits.
	ErrInsufficient = errors.New("ledger: insufficient credits")
	// ErrUnknownReservation is returned for a reservation reference that does not exist.
	ErrUnknownReservation = errors.New("ledger: unknown reservation")
)

// Ledger is the raw SQL view of holdings.
type Ledger struct {
	pool *sql.DB
}

// New returns a Ledger on pool.
func New(pool *sql.DB) *Ledger { return &Ledger{pool: pool} }

func (l *Ledger) conn(ctx context.Context) db.Querier {
	if q, ok := db.ConnFromContext(ctx); ok {
		return q
	}
	return l.pool
}

// InTx runs fn in a database/sql transaction, joining one already bound to
// ctx.
func (l *Ledger) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if db.InTx(ctx) {
		return fn(ctx)
	}
	tx, err := l.pool.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return fmt.Errorf("ledger: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
			return
		}
		err = tx.Commit()
	}()
	return fn(db.WithSQLTx(ctx, tx))
}

// Balance is one (account, batch) holding.
type Balance struct {
	AccountID uuid.UUID
	BatchID   uuid.UUID
	Available int64
	Reserved  int64
	Retired   int64
}

// Balance returns the holding of account in batch.
func (l *Ledger) Balance(ctx context.Context, account, batch uuid.UUID) (Balance, error) {
	b := Balance{AccountID: account, BatchID: batch}
	err := l.conn(ctx).QueryRowContext(ctx,
		`SELECT available, reserved, retired FROM balances WHERE account_id = $1 AND batch_id = $2`,
		account, batch).Scan(&b.Available, &b.Reserved, &b.Retired)
	if errors.Is(err, sql.ErrNoRows) {
		return b, nil
	}
	return b, err
}

func (l *Ledger) entry(ctx context.Context, ref string, account, batch uuid.UUID, bucket string, delta int64, memo string) error {
	_, err := l.conn(ctx).ExecContext(ctx,
		`INSERT INTO ledger_entries (id, txn_ref, account_id, batch_id, bucket, delta, memo)
		 VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		uuid.New(), ref, account, batch, bucket, delta, memo)
	return err
}

// Credit adds qty to the available bucket of account.
func (l *Ledger) Credit(ctx context.Context, ref string, account, batch uuid.UUID, qty int64) error {
	_, err := l.conn(ctx).ExecContext(ctx,
		`INSERT INTO balances (account_id, batch_id, available) VALUES ($1, $2, $3)
		 ON CONFLICT (account_id, batch_id)
		 DO UPDATE SET available = balances.available + EXCLUDED.available, updated_at = now()`,
		account, batch, qty)
	if err != nil {
		return fmt.Errorf("ledger: credit: %w", err)
	}
	return l.entry(ctx, ref, account, batch, BucketAvailable, qty, "credit")
}

// Debit removes qty from the available bucket of account.
func (l *Ledger) Debit(ctx context.Context, ref string, account, batch uuid.UUID, qty int64) error {
	res, err := l.conn(ctx).ExecContext(ctx,
		`UPDATE balances SET available = available - $3, updated_at = now()
		 WHERE account_id = $1 AND batch_id = $2 AND available >= $3`,
		account, batch, qty)
	if err != nil {
		return fmt.Errorf("ledger: debit: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrInsufficient
	}
	return l.entry(ctx, ref, account, batch, BucketAvailable, -qty, "debit")
}

// Move debits from and credits to. It must run inside a transaction to be
// atomic.
func (l *Ledger) Move(ctx context.Context, ref string, from, to, batch uuid.UUID, qty int64) error {
	if err := l.Debit(ctx, ref, from, batch, qty); err != nil {
		return err
	}
	return l.Credit(ctx, ref, to, batch, qty)
}

// Retire moves qty from available to retired.
func (l *Ledger) Retire(ctx context.Context, ref string, account, batch uuid.UUID, qty int64) error {
	res, err := l.conn(ctx).ExecContext(ctx,
		`UPDATE balances SET available = available - $3, retired = retired + $3, updated_at = now()
		 WHERE account_id = $1 AND batch_id = $2 AND available >= $3`,
		account, batch, qty)
	if err != nil {
		return fmt.Errorf("ledger: retire: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrInsufficient
	}
	if err := l.entry(ctx, ref, account, batch, BucketAvailable, -qty, "retire"); err != nil {
		return err
	}
	return l.entry(ctx, ref, account, batch, BucketRetired, qty, "retire")
}

// Unretire reverses a retirement rejected by the registry.
func (l *Ledger) Unretire(ctx context.Context, ref string, account, batch uuid.UUID, qty int64) error {
	_, err := l.conn(ctx).ExecContext(ctx,
		`UPDATE balances SET available = available + $3, retired = retired - $3, updated_at = now()
		 WHERE account_id = $1 AND batch_id = $2`,
		account, batch, qty)
	if err != nil {
		return fmt.Errorf("ledger: unretire: %w", err)
	}
	if err := l.entry(ctx, ref, account, batch, BucketRetired, -qty, "unretire"); err != nil {
		return err
	}
	return l.entry(ctx, ref, account, batch, BucketAvailable, qty, "unretire")
}
