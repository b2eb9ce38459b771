package postgres

import (
	"context"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/ledger"
)

// Ledger implements the services' ledger interfaces.
type Ledger struct{}

// Post appends a ledger line.
func (Ledger) Post(ctx context.Context, db sqlx.ExtContext, e ledger.Entry) error {
	_, err := db.ExecContext(ctx, `
		INSERT INTO ledger_entries (bond_id, application_id, kind, amount_cents, reference, business_date)
		VALUES ($1, $2, $3, $4, $5, $6::date)`,
		e.BondID, e.ApplicationID, e.Kind, e.AmountCents, e.Reference, e.BusinessDate.Format("2006-01-02"))
	return err
}
