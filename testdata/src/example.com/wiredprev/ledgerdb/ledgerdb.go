// Package ledgerdb stores invoices and ledger entries in PostgreSQL.
package ledgerdb

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredprev/customs"
	"example.com/wiredprev/dues"
	"example.com/wiredprev/meters"
)

// Store is the invoices' and the ledger's store.
type Store struct{ DB *sql.DB }

// CreateIfAbsent inserts the invoice unless the account has one for
// the period.
func (s *Store) CreateIfAbsent(ctx context.Context, inv dues.Invoice) (bool, error) {
	res, err := s.DB.ExecContext(ctx, "INSERT INTO invoices (id, account, period) VALUES ($1, $2, $3) ON CONFLICT (account, period) DO NOTHING", inv.ID, inv.Account, inv.Period)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Insert appends the entry.
func (s *Store) Insert(ctx context.Context, e dues.Entry) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO ledger_entries (id, account, invoice) VALUES ($1, $2, $3)", e.ID, e.Account, e.Invoice) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into ledger_entries in ledgerdb.Store.Insert is not idempotent \(HTTP handler Run.Raise\)`
	return err
}

// Shipments reads shipments.
type Shipments struct{ DB *sql.DB }

// Get reads the shipment.
func (s *Shipments) Get(ctx context.Context, id string) (customs.Shipment, error) {
	var sh customs.Shipment
	err := s.DB.QueryRowContext(ctx, "SELECT id, port, filing_ref FROM shipments WHERE id = $1", id).Scan(&sh.ID, &sh.Port, &sh.FilingRef)
	return sh, err
}

// Grants stores members' credit grants.
type Grants struct{ DB *sql.DB }

// Grant inserts a grant under a new ID and adds it to the member's
// credit, each statement on its own: a retry grants the credit again.
func (g *Grants) Grant(ctx context.Context, member string, amount int64) error {
	if _, err := g.DB.ExecContext(ctx, "INSERT INTO grants (id, member, amount) VALUES ($1, $2, $3)", uuid.NewString(), member, amount); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into grants in ledgerdb.Grants.Grant is not idempotent \(HTTP handler API.Grant\)` `a retry inserts a second grants row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler API.Grant\)`
		return err
	}
	_, err := g.DB.ExecContext(ctx, "UPDATE members SET credit = credit + $1 WHERE id = $2", amount, member)
	return err
}

// Revoke marks the member's grants revoked, as often as it is asked.
func (g *Grants) Revoke(ctx context.Context, member string) error {
	_, err := g.DB.ExecContext(ctx, "UPDATE grants SET revoked = true WHERE member = $1", member)
	return err
}

// Readings stores meter readings under the meter's ID for each.
type Readings struct{ DB *sql.DB }

// Record inserts the reading: a redelivered message fails on its key
// for ever.
func (r *Readings) Record(ctx context.Context, rd meters.Reading) error {
	_, err := r.DB.ExecContext(ctx, "INSERT INTO readings (reading_id, meter, value) VALUES ($1, $2, $3)", rd.ReadingID, rd.Meter, rd.Value) // want `a retry inserts the row for the same reading_id again, which fails or duplicates it: the INSERT into readings in ledgerdb.Readings.Record has no conflict handling for the caller-known reading_id \(SQS consumer loop Consumer.Run\)`
	return err
}

// RecordOnce leaves a reading it has alone.
func (r *Readings) RecordOnce(ctx context.Context, rd meters.Reading) error {
	_, err := r.DB.ExecContext(ctx, "INSERT INTO readings (reading_id, meter, value) VALUES ($1, $2, $3) ON CONFLICT (reading_id) DO NOTHING", rd.ReadingID, rd.Meter, rd.Value)
	return err
}
