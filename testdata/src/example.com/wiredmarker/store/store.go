// Package store keeps deposits and the marks of the jobs done, on the
// pool or on a transaction of it.
package store

import (
	"context"
	"database/sql"
	"time"

	"example.com/wiredmarker/app"
	"example.com/wiredmarker/txutil"
)

type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Store hands out the repositories, on the pool or, inside InTx, on the
// transaction; it keeps the pool to begin the next one.
type Store struct {
	db   *sql.DB
	q    querier
	inTx bool
}

// New returns the store of the pool.
func New(db *sql.DB) *Store { return &Store{db: db, q: db} }

// InTx runs fn with a store on one transaction, or on this one's.
func (s *Store) InTx(ctx context.Context, fn func(tx app.Store) error) error {
	if s.inTx {
		return fn(s)
	}
	return txutil.WithTx(ctx, s.db, func(tx *sql.Tx) error {
		return fn(&Store{db: s.db, q: tx, inTx: true})
	})
}

// Markers returns the marks of the jobs done.
func (s *Store) Markers() app.Markers { return markers{s.q} }

// Partners returns the partners.
func (s *Store) Partners() app.Partners { return partners{s.q} }

// Updates returns the partners' updates.
func (s *Store) Updates() app.Updates { return updates{s.q} }

type partners struct{ q querier }

func (p partners) Get(ctx context.Context, id string) (app.Partner, error) {
	var out app.Partner
	err := p.q.QueryRowContext(ctx, "SELECT id, name FROM marker_partners WHERE id = $1", id).Scan(&out.ID, &out.Name)
	return out, err
}

type updates struct{ q querier }

func (u updates) Insert(ctx context.Context, partnerID, eventID, status string) error {
	_, err := u.q.ExecContext(ctx, "INSERT INTO marker_partner_updates (partner_id, event_id, status) VALUES ($1, $2, $3)", partnerID, eventID, status) // want `a retry inserts the row for the same \(partner_id, event_id\) again, which fails or duplicates it: the INSERT into marker_partner_updates in store.updates.Insert has no conflict handling for the caller-known \(partner_id, event_id\)`
	return err
}

// Deposits returns the deposits.
func (s *Store) Deposits() app.Deposits { return deposits{s.q} }

type markers struct{ q querier }

func (m markers) Done(ctx context.Context, key string) (bool, error) {
	var n int
	err := m.q.QueryRowContext(ctx, "SELECT COUNT(*) FROM job_marks WHERE job_key = $1", key).Scan(&n) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect`
	return n > 0, err
}

func (m markers) Mark(ctx context.Context, key string, at time.Time) error {
	_, err := m.q.ExecContext(ctx, "INSERT INTO job_marks (job_key, completed_at) VALUES ($1, $2) ON CONFLICT (job_key) DO UPDATE SET completed_at = excluded.completed_at", key, at) // want `a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards`
	return err
}

func (m markers) Position(ctx context.Context, name string) (int64, error) {
	var pos int64
	err := m.q.QueryRowContext(ctx, "SELECT position FROM feed_cursors WHERE name = $1", name).Scan(&pos)
	return pos, err
}

func (m markers) Move(ctx context.Context, name string, pos int64) error {
	_, err := m.q.ExecContext(ctx, "INSERT INTO feed_cursors (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = excluded.position", name, pos)
	return err
}

type deposits struct{ q querier }

func (d deposits) Capture(ctx context.Context, id string, cents int64) error {
	_, err := d.q.ExecContext(ctx, "UPDATE deposits SET captured = captured + $2 WHERE id = $1", id, cents) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of deposits \(it computes from the current value\) in store.deposits.Capture is not idempotent \(asynq handler Handlers.Follow\)`
	return err
}

func (d deposits) Charge(ctx context.Context, id string, cents int64) error {
	_, err := d.q.ExecContext(ctx, "UPDATE members SET owed = owed + $2 WHERE deposit_id = $1", id, cents)
	return err
}

// Opener opens disputes.
type Opener struct{ DB *sql.DB }

// Open stores a dispute.
func (o *Opener) Open(ctx context.Context, statementID, ref string) error {
	_, err := o.DB.ExecContext(ctx, "INSERT INTO marker_disputes (statement_id, dispute_ref) VALUES ($1, $2)", statementID, ref) // want `a retry inserts the row for the same \(statement_id, dispute_ref\) again, which fails or duplicates it: the INSERT into marker_disputes in store.Opener.Open has no conflict handling for the caller-known \(statement_id, dispute_ref\)`
	return err
}

// Counter counts disputes.
type Counter struct{ DB *sql.DB }

// Count counts a statement's disputes.
func (c *Counter) Count(ctx context.Context, statementID string) (int, error) {
	var n int
	err := c.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM marker_disputes WHERE statement_id = $1", statementID).Scan(&n)
	return n, err
}
