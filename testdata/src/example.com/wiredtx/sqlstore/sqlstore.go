// Package sqlstore implements app's repositories on database/sql.
package sqlstore

import (
	"context"
	"database/sql"

	"example.com/wiredtx/app"
	"example.com/wiredtx/txhelp"
)

type Orders struct{ DB *sql.DB }

func (s *Orders) Insert(ctx context.Context, o app.Order) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, account, total) VALUES ($1, $2, $3)", o.ID, o.Account, o.Total) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into orders in sqlstore.Orders.Insert is not idempotent \(HTTP handler Handler.Place\)` `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into orders in sqlstore.Orders.Insert has no conflict handling for the caller-known id \(HTTP handler Handler.Place\); add ON CONFLICT DO NOTHING and handle the existing row`
	return err
}

func (s *Orders) InsertTx(ctx context.Context, tx *sql.Tx, o app.Order) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO orders (id, account, total) VALUES ($1, $2, $3)", o.ID, o.Account, o.Total) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into orders in sqlstore.Orders.InsertTx has no conflict handling for the caller-known id \(HTTP handler Handler.PlaceTx\); add ON CONFLICT DO NOTHING and handle the existing row`
	return err
}

func (s *Orders) Upsert(ctx context.Context, o app.Order) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, account, total) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", o.ID, o.Account, o.Total)
	return err
}

func (s *Orders) SetStatus(ctx context.Context, id, status string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE orders SET status = $2 WHERE id = $1", id, status)
	return err
}

type Ledger struct{ DB *sql.DB }

func (l *Ledger) Debit(ctx context.Context, account string, amount int64) error {
	_, err := l.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance - $2 WHERE id = $1", account, amount)
	return err
}

func (l *Ledger) DebitTx(ctx context.Context, tx *sql.Tx, account string, amount int64) error {
	_, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $2 WHERE id = $1", account, amount)
	return err
}

// Transfer moves the money in two statements on the pool.
func (l *Ledger) Transfer(ctx context.Context, from, to string, amount int64) error {
	if _, err := l.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance - $2 WHERE id = $1", from, amount); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of accounts \(it computes from the current value\) in sqlstore.Ledger.Transfer is not idempotent \(HTTP handler Handler.Transfer\)`
		return err
	}
	_, err := l.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance + $2 WHERE id = $1", to, amount)
	return err
}

// TransferTx moves it in one transaction.
func (l *Ledger) TransferTx(ctx context.Context, from, to string, amount int64) error {
	tx, err := l.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $2 WHERE id = $1", from, amount); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance + $2 WHERE id = $1", to, amount); err != nil {
		return err
	}
	return tx.Commit()
}

// DBTX is what Journal runs on: a pool or a transaction, as its maker
// decides.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Journal struct{ DB DBTX }

func (j *Journal) Record(ctx context.Context, id string) error {
	_, err := j.DB.ExecContext(ctx, "INSERT INTO journal (entry) VALUES ($1)", id) // want `2 writes commit separately and the INSERT into journal in sqlstore.Journal.Record is not idempotent \(HTTP handler Handler.Audit\)`
	return err
}

type Keys struct{ DB *sql.DB }

func (k *Keys) Claim(ctx context.Context, key string) (bool, error) {
	res, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a handle that commits each statement; HTTP handler Handler.PlaceOnce\)`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (k *Keys) ClaimTx(ctx context.Context, tx *sql.Tx, key string) (bool, error) {
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (k *Keys) Seen(ctx context.Context, key string) (bool, error) {
	var n int
	err := k.DB.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.CheckThenPlace\)`
	return n > 0, err
}

// Reserve records a charge's key before the charge.
func (k *Keys) Reserve(ctx context.Context, key string) (bool, error) {
	res, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key, kind) VALUES ($1, 'charge') ON CONFLICT DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Adjust appends a ledger row, conflict-tolerant on the request's key,
// then moves the balance: each commits on its own, so a failure between
// them leaves the row, and the retry stops at it.
func (l *Ledger) Adjust(ctx context.Context, key, account string, amount int64) error {
	res, err := l.DB.ExecContext(ctx, "INSERT INTO reserve_ledger (request_key, account, delta) VALUES ($1, $2, $3) ON CONFLICT (request_key) DO NOTHING", key, account, amount)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	_, err = l.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance + $2 WHERE id = $1", account, amount) // want `the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the UPDATE of accounts \(it computes from the current value\) in sqlstore.Ledger.Adjust is not idempotent \(HTTP handler Handler.Adjust\)`
	return err
}

// Refill records the top-up and moves the balance, each on the pool.
func (l *Ledger) Refill(ctx context.Context, account string, amount int64) error {
	if _, err := l.DB.ExecContext(ctx, "INSERT INTO topups (account, amount) VALUES ($1, $2)", account, amount); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into topups in sqlstore.Ledger.Refill is not idempotent \(HTTP handler Funcs.Refill\)`
		return err
	}
	_, err := l.DB.ExecContext(ctx, "UPDATE accounts SET balance = balance + $2 WHERE id = $1", account, amount)
	return err
}

type Registry struct{ DB *sql.DB }

// Insert stores a registration under the caller's ID; the service
// takes a duplicate as done.
func (g *Registry) Insert(ctx context.Context, id string) error {
	_, err := g.DB.ExecContext(ctx, "INSERT INTO registrations (id) VALUES ($1)", id)
	return err
}

// Credit records the credit and moves the balance in one transaction,
// through the module's own transaction helper.
func (l *Ledger) Credit(ctx context.Context, account string, amount int64) error {
	return txhelp.InTx(ctx, l.DB, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, "INSERT INTO credits (account, amount) VALUES ($1, $2)", account, amount); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance + $2 WHERE id = $1", account, amount)
		return err
	})
}

func (l *Ledger) Void(ctx context.Context, account string) error {
	_, err := l.DB.ExecContext(ctx, "DELETE FROM credits WHERE account = $1", account)
	return err
}

func (l *Ledger) Hold(ctx context.Context, account string, amount int64) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO holds (account, amount) VALUES ($1, $2)", account, amount) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into holds in sqlstore.Ledger.Hold is not idempotent \(HTTP handler Handler.HoldInUnit\)`
	return err
}

func (l *Ledger) Release(ctx context.Context, account string) error {
	_, err := l.DB.ExecContext(ctx, "DELETE FROM holds WHERE account = $1", account)
	return err
}

// Record stores an order under the ID its event carries, in a
// transaction of the module's helper, with no conflict handling.
func (s *Orders) Record(ctx context.Context, o app.Order) error {
	return txhelp.InTx(ctx, s.DB, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO placed_orders (id, account) VALUES ($1, $2)", o.ID, o.Account) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into placed_orders in sqlstore.Orders.Record\$1 has no conflict handling for the caller-known id \(kafka-go consumer loop Consumer.Run\); add ON CONFLICT DO NOTHING and handle the existing row`
		return err
	})
}

// CreateWithKey claims the key, then inserts the order, in one
// transaction; a claimed key means the order exists.
func (s *Orders) CreateWithKey(ctx context.Context, key string, o app.Order) error {
	return txhelp.InTx(ctx, s.DB, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO keyed_orders (id, total) VALUES ($1, $2)", o.ID, o.Total)
		return err
	})
}

// repos are the repositories a unit of work hands its work: the ledger
// on the pool, the journal on the transaction.
type repos struct {
	db *sql.DB
	tx *sql.Tx
}

func (r repos) Ledger() app.Ledger   { return &Ledger{DB: r.db} }
func (r repos) Journal() app.Journal { return &Journal{DB: r.tx} }

// Bus keeps each handler for when its topic's events arrive.
type Bus struct {
	handlers map[string]func(ctx context.Context) error
}

func (b *Bus) Subscribe(ctx context.Context, topic string, fn func(ctx context.Context) error) error {
	b.handlers[topic] = fn
	return nil
}

// Members stores members and their welcome credits, each statement on
// the pool.
type Members struct{ DB *sql.DB }

func (s *Members) ByEmail(ctx context.Context, email string) (*app.Member, error) {
	m := &app.Member{}
	err := s.DB.QueryRowContext(ctx, "SELECT id, email FROM members WHERE email = $1", email).Scan(&m.ID, &m.Email)
	return m, err
}

func (s *Members) Add(ctx context.Context, m app.Member) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO members (id, email) VALUES ($1, $2)", m.ID, m.Email) // want `a failure between the writes leaves the operation half done, and the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into members in sqlstore.Members.Add first \(HTTP handler Handler.Join\)`
	return err
}

func (s *Members) Welcome(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO welcomes (member_id, credit) VALUES ($1, 5)", id)
	return err
}

type Deliveries struct{ DB *sql.DB }

func (d *Deliveries) Ensure(ctx context.Context, id string) error {
	_, err := d.DB.ExecContext(ctx, "INSERT INTO deliveries (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", id)
	return err
}

func (d *Deliveries) RecordAttempt(ctx context.Context, id, lastErr string) error {
	_, err := d.DB.ExecContext(ctx, "UPDATE deliveries SET attempts = attempts + 1, last_error = NULLIF($2, '') WHERE id = $1", id, lastErr)
	return err
}

func (d *Deliveries) MarkDelivered(ctx context.Context, id string) error {
	_, err := d.DB.ExecContext(ctx, "UPDATE deliveries SET status = 'delivered' WHERE id = $1", id)
	return err
}
