// Package ledgerdb stores invoices and ledger entries in PostgreSQL.
package ledgerdb

import (
	"context"
	"database/sql"

	"example.com/wiredprev/customs"
	"example.com/wiredprev/dues"
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
	_, err := s.DB.ExecContext(ctx, "INSERT INTO ledger_entries (id, account, invoice) VALUES ($1, $2, $3)", e.ID, e.Account, e.Invoice)
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
