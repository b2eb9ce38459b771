// Package store writes widgets and orders with their lines.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

// Rows writes rows on the pool.
type Rows struct{ DB *sql.DB }

// InsertWidget stores a widget under the ID it is given.
func (r *Rows) InsertWidget(ctx context.Context, id, name string) error {
	_, err := r.DB.ExecContext(ctx, "INSERT INTO gen_widgets (id, name) VALUES ($1, $2)", id, name)
	return err
}

// An Order is stored with its lines.
type Order struct {
	ID, Merchant, Ref string
	Lines             []string
}

// InsertOrder stores the order, then each of its lines under the
// order's ID: the lines follow the order's row, which the merchant's
// reference keys.
func (r *Rows) InsertOrder(ctx context.Context, o Order) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO gen_orders (id, merchant, ref) VALUES ($1, $2, $3)", o.ID, o.Merchant, o.Ref); err != nil {
		return err
	}
	for i, l := range o.Lines {
		if _, err := tx.ExecContext(ctx, "INSERT INTO gen_order_lines (order_id, line_no, sku) VALUES ($1, $2, $3)", o.ID, i, l); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Disputes keeps a provider's disputes under its IDs.
type Disputes struct{ DB *sql.DB }

func (d *Disputes) Insert(ctx context.Context, disputeID string) error {
	_, err := d.DB.ExecContext(ctx, "INSERT INTO gen_disputes (id) VALUES ($1)", disputeID) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into gen_disputes in store.Disputes.Insert is not idempotent \(HTTP handler Handler.Dispute\)` `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into gen_disputes in store.Disputes.Insert has no conflict handling for the caller-known id \(HTTP handler Handler.Dispute\); add ON CONFLICT DO NOTHING and handle the existing row, stopping before the writes after it when it exists`
	return err
}

// Escalate records a dispute's escalation under a new ID.
func (d *Disputes) Escalate(ctx context.Context, disputeID string) error {
	_, err := d.DB.ExecContext(ctx, "INSERT INTO gen_escalations (id, dispute_id) VALUES ($1, $2)", uuid.NewString(), disputeID) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into gen_escalations in store.Disputes.Escalate is not idempotent \(HTTP handler Handler.Escalate\)` `a retry inserts the row for the same dispute_id again, which fails or duplicates it: the INSERT into gen_escalations in store.Disputes.Escalate has no conflict handling for the caller-known dispute_id \(HTTP handler Handler.Escalate\); add ON CONFLICT DO NOTHING and handle the existing row, answering a row another request made as the conflict it is \[`
	return err
}

// Ledger appends entries under the IDs it is given.
type Ledger struct{ DB *sql.DB }

func (l *Ledger) Append(ctx context.Context, id string, amount int64) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO gen_ledger (id, amount) VALUES ($1, $2)", id, amount)
	return err
}

// Queries run the key's statements.
type Queries struct{ DB *sql.DB }

// ClaimKey inserts the key unless it is there, and says how many rows
// it inserted.
func (q *Queries) ClaimKey(ctx context.Context, key string) (int64, error) {
	res, err := q.DB.ExecContext(ctx, "INSERT INTO gen_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(gen_keys on a handle that commits each statement, the effect on a handle that commits each statement; HTTP handler Handler.(Paid(With|Via)?|Refund)\)`
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// KeyQueries are the key's queries, which main wires.
type KeyQueries interface {
	ClaimKey(ctx context.Context, key string) (int64, error)
}

// ClaimWith reports whether this call claimed key through q.
func ClaimWith(ctx context.Context, q KeyQueries, key string) (bool, error) {
	n, err := q.ClaimKey(ctx, key)
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Claims claim keys through the queries they are given.
type Claims struct{ Q KeyQueries }

// Claim reports whether this call claimed key.
func (c *Claims) Claim(ctx context.Context, key string) (bool, error) {
	n, err := c.Q.ClaimKey(ctx, key)
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
