// Package postgres implements app.Store.
package postgres

import (
	"context"
	"database/sql"
	"time"

	"example.com/wiredkey/app"
)

type Store struct{ DB *sql.DB }

// Insert stores the order under the id it is given, once.
func (s *Store) Insert(ctx context.Context, o app.Order) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", o.ID, o.Total)
	return err
}

// Append stores the entry under the id it is given, once.
func (s *Store) Append(ctx context.Context, e app.Entry) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO ledger (id, account, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", e.ID, e.Account, e.Amount)
	return err
}

// File records the one customs filing of a shipment.
func (s *Store) File(ctx context.Context, shipmentID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO filings (shipment_id) VALUES ($1)", shipmentID) // want `a retry inserts the row for the same shipment_id again, which fails or duplicates it: the INSERT into filings in postgres.Store.File has no conflict handling for the caller-known shipment_id \(HTTP handler Handler.File\); add ON CONFLICT DO NOTHING and handle the existing row`
	return err
}

// Close records the closing of a shop's day, in a transaction: a
// plain INSERT of the shop and the day's start, which the caller's
// values fill.
func (s *Store) Close(ctx context.Context, shop string, day time.Time) error {
	start, _ := dayBounds(day)
	return s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "INSERT INTO closings (shop_id, period_start) VALUES ($1, $2)", shop, start) // want `a retry inserts the row for the same \(shop_id, period_start\) again, which fails or duplicates it: the INSERT into closings in postgres.Store.Close\$1 has no conflict handling for the caller-known \(shop_id, period_start\) \(HTTP handler Handler.CloseDay`
		return err
	})
}

func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// dayBounds returns the start of day's day and of the next, in UTC.
func dayBounds(day time.Time) (time.Time, time.Time) {
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(0, 0, 1)
}

// Keys claims request keys.
type Keys struct{ DB *sql.DB }

// Reserve claims the key: the insert of a key claimed before affects no
// row.
func (k *Keys) Reserve(ctx context.Context, key, resourceID string) (string, bool, error) {
	res, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key, resource_id) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, resourceID) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a handle that commits each statement; HTTP handler Handler.Book\)`
	if err != nil {
		return "", false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return "", false, err
	}
	return resourceID, n == 1, nil
}

// Units begins a transaction and runs the function in it.
type Units struct{ DB *sql.DB }

func (u *Units) WithTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := u.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Invoices stores invoices.
type Invoices struct{}

func (Invoices) Insert(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO invoices (id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	return err
}

// KeyStore remembers request keys.
type KeyStore struct{ DB *sql.DB }

func (k *KeyStore) Seen(ctx context.Context, key string) (bool, error) {
	var n int
	err := k.DB.QueryRowContext(ctx, "SELECT count(*) FROM idempotency_keys WHERE key = $1", key).Scan(&n) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.Bill\)`
	return n > 0, err
}

func (k *KeyStore) Save(ctx context.Context, key string) error {
	_, err := k.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.Bill\)`
	return err
}
