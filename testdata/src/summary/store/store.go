// Package store's exported functions each have a summary: what they
// return fresh, which parameters become identities or results, the
// defects they lead to, their durable writes and external calls, the SQL
// statements they run with the handle of each, and what their results
// hold.
package store

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"example.com/dbutil"
)

// NewID returns a fresh value on every call.
func NewID() string { return uuid.NewString() } // want NewID:`^summary\(fresh=\[r0 uuid\.NewString\]\)$`

// OrderKey passes its parameter into its result.
func OrderKey(orderID string) string { return "order-" + orderID } // want OrderKey:`^summary\(paramResults=\[p0->r0\]\)$`

// InsertOrder runs its statement on the handle it is given: the caller
// decides the commit unit.
func InsertOrder(ctx context.Context, db *sql.DB, id string) error { // want InsertOrder:`^summary\(paramSinks=\[p2->orders\.id\] writes=\[p2->orders durable\] stmts=\["INSERT INTO orders \(id\) VALUES \(\$1\)" on pool args=p2\]\)$`
	_, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}

// CreateOrder inserts a fresh id: a defect for any root that reaches it.
func CreateOrder(ctx context.Context, db *sql.DB) error { // want CreateOrder:`^summary\(defects=\[fresh uuid\.NewString->orders\.id\] stmts=\["INSERT INTO orders \(id\) VALUES \(\$1\)" on pool args=-\]\)$`
	return InsertOrder(ctx, db, uuid.NewString())
}

// Claim's first statement is a dedup guard; the second runs only after
// it, so a duplicate is absorbed, and the key is no identity of the
// payments row that a fresh value could repeat.
func Claim(ctx context.Context, db *sql.DB, key string) (bool, error) { // want Claim:`^summary\(paramSinks=\[p2->idempotency_keys\.key\] writes=\[p2->payments durable; p2->idempotency_keys durable\] stmts=\["INSERT INTO idempotency_keys \(key\) VALUES \(\$1\) ON CONFLICT DO NOTHING" on pool guard args=p2; "INSERT INTO payments \(key\) VALUES \(\$1\)" on pool args=p2 absorbed\]\)$`
	res, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	_, err = db.ExecContext(ctx, "INSERT INTO payments (key) VALUES ($1)", key)
	return true, err
}

// Settle runs one of two statements.
func Settle(ctx context.Context, db *sql.DB, id string, ok bool) error { // want Settle:`^summary\(writes=\[p2->orders durable\] stmts=\["UPDATE orders SET state = 'settled' WHERE id = \$1" on pool exclusive=\[1\] args=p2; "UPDATE orders SET state = 'failed' WHERE id = \$1" on pool exclusive=\[0\] args=p2\]\)$`
	var err error
	if ok {
		_, err = db.ExecContext(ctx, "UPDATE orders SET state = 'settled' WHERE id = $1", id)
	} else {
		_, err = db.ExecContext(ctx, "UPDATE orders SET state = 'failed' WHERE id = $1", id)
	}
	return err
}

// Transfer runs two statements in a transaction it begins.
func Transfer(ctx context.Context, db *sql.DB, from, to string) error { // want Transfer:`^summary\(writes=\[p2->accounts; p3->accounts\] stmts=\["UPDATE accounts SET balance = balance - 1 WHERE id = \$1" on tx0 args=p2; "UPDATE accounts SET balance = balance \+ 1 WHERE id = \$1" on tx0 args=p3\]\)$`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - 1 WHERE id = $1", from); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance + 1 WHERE id = $1", to); err != nil {
		return err
	}
	return tx.Commit()
}

// DBTX is the handle generated queries run on.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Queries runs statements on the handle New stores.
type Queries struct {
	db DBTX
}

// New stores its parameter at the result's .db.
func New(db DBTX) *Queries { return &Queries{db: db} } // want New:`^summary\(paramResults=\[p0->r0\.db\] resultFields=\[r0\.db<-p0\]\)$`

// MarkPaid runs on the receiver's .db, with its id parameter as $1.
func (q *Queries) MarkPaid(ctx context.Context, id string) error { // want MarkPaid:`^summary\(writes=\[p2->orders\] stmts=\["UPDATE orders SET paid = true WHERE id = \$1" on p0\.db args=p2\]\)$`
	_, err := q.db.ExecContext(ctx, "UPDATE orders SET paid = true WHERE id = $1", id)
	return err
}

// pool commits each statement.
var pool *sql.DB

// Archive runs on a global pool.
func Archive(ctx context.Context, id string) error { // want Archive:`^summary\(writes=\[p1->orders durable\] stmts=\["DELETE FROM orders WHERE id = \$1" on pool args=p1\]\)$`
	_, err := pool.ExecContext(ctx, "DELETE FROM orders WHERE id = $1", id)
	return err
}

// Notify posts to a provider with the caller's key.
func Notify(ctx context.Context, key string) error { // want Notify:`^summary\(paramSinks=\[p1->the Idempotency-Key header\] effects=\[HTTP request key=p1\]\)$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/notices", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = http.DefaultClient.Do(req)
	return err
}

// notifyAll is not exported: no summary.
func notifyAll(ctx context.Context) error { return Notify(ctx, uuid.NewString()) }

func insertEvent(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO order_events (id, order_id) VALUES ($1, $2)", uuid.NewString(), id)
	return err
}

// CancelOrder records the event only when its compare-and-set changed
// the order: a second call stops before the helper that makes the
// event's ID, so calling it carries no defect.
func CancelOrder(ctx context.Context, tx *sql.Tx, id string) error { // want CancelOrder:`^summary\(writes=\[p2->order_events; p2->orders\] stmts=\["UPDATE orders SET state = 'cancelled' WHERE id = \$1 AND state <> 'cancelled'" on p1 guard hidden args=p2; "INSERT INTO order_events \(id, order_id\) VALUES \(\$1, \$2\)" on p1 args=-,p2 absorbed\]\)$`
	res, err := tx.ExecContext(ctx, "UPDATE orders SET state = 'cancelled' WHERE id = $1 AND state <> 'cancelled'", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return insertEvent(ctx, tx, id)
}

// ReopenOrder's update tests nothing it sets: each call adds an event.
func ReopenOrder(ctx context.Context, tx *sql.Tx, id string) error { // want ReopenOrder:`^summary\(paramSinks=\[p2->order_events\.order_id\] defects=\[fresh uuid\.NewString->order_events\.id\] writes=`
	res, err := tx.ExecContext(ctx, "UPDATE orders SET state = 'open' WHERE id = $1", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return insertEvent(ctx, tx, id)
}

// Ship's statements are listed in the order they run: both branches of
// the if before the statement after it.
func Ship(ctx context.Context, db *sql.DB, id string, express bool) error { // want Ship:`^summary\(.* stmts=\["UPDATE orders SET express = true WHERE id = \$1" on pool exclusive=\[1\] args=p2; "UPDATE orders SET express = false WHERE id = \$1" on pool exclusive=\[0\] args=p2; "INSERT INTO shipments \(order_id\) VALUES \(\$1\)" on pool args=p2\]\)$`
	if express {
		db.ExecContext(ctx, "UPDATE orders SET express = true WHERE id = $1", id)
	} else {
		db.ExecContext(ctx, "UPDATE orders SET express = false WHERE id = $1", id)
	}
	_, err := db.ExecContext(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", id)
	return err
}

// BillIdle writes on db when there is no fee, and in a transaction
// otherwise: the two writes never run together.
func BillIdle(ctx context.Context, db *sql.DB, id string, fee int) error { // want BillIdle:`stmts=\["UPDATE sessions SET charged = true WHERE id = \$1" on pool exclusive=\[1\] args=p2; "INSERT INTO idle_fees \(session_id, amount\) VALUES \(\$1, \$2\)" on tx0 exclusive=\[0\] args=p2,p3\]`
	if fee == 0 {
		_, err := db.ExecContext(ctx, "UPDATE sessions SET charged = true WHERE id = $1", id)
		return err
	}
	return dbutil.WithTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO idle_fees (session_id, amount) VALUES ($1, $2)", id, fee)
		return err
	})
}

// ClaimTopup claims the top-up for key and reads its status back: the
// claim is a guard whose row, not its outcome, decides.
func ClaimTopup(ctx context.Context, db *sql.DB, key string) (string, error) { // want ClaimTopup:`"INSERT INTO topups \(client_key, status\) VALUES \(\$1, 'pending'\) ON CONFLICT DO NOTHING" on pool guard readback`
	if _, err := db.ExecContext(ctx, "INSERT INTO topups (client_key, status) VALUES ($1, 'pending') ON CONFLICT DO NOTHING", key); err != nil {
		return "", err
	}
	var status string
	err := db.QueryRowContext(ctx, "SELECT status FROM topups WHERE client_key = $1", key).Scan(&status)
	return status, err
}
