package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type TaxRepo struct{ db sqlx.ExtContext }

func NewTaxRepo(db sqlx.ExtContext) *TaxRepo { return &TaxRepo{db: db} }

func (r *TaxRepo) WithTx(tx sqlx.ExtContext) billing.TaxRepository { return &TaxRepo{db: tx} }

func (r *TaxRepo) Insert(ctx context.Context, c billing.TaxCalculation) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO tax_calculations (invoice_id, revision, partner_txn_id, tax_cents, jurisdiction)
		VALUES ($1, $2, $3, $4, $5)`,
		c.InvoiceID, c.Revision, c.PartnerTxnID, c.TaxCents, c.Jurisdiction)
	return mapErr("tax.insert", err)
}

func (r *TaxRepo) Latest(ctx context.Context, invoiceID string) (billing.TaxCalculation, error) {
	var c billing.TaxCalculation
	err := sqlx.GetContext(ctx, r.db, &c, `
		SELECT invoice_id, revision, partner_txn_id, tax_cents, jurisdiction, calculated_at
		  FROM tax_calculations WHERE invoice_id = $1 ORDER BY revision DESC LIMIT 1`, invoiceID)
	return c, mapErr("tax.latest", err)
}
