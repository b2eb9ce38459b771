// Package suppliers reads supplier master data.
package suppliers

import (
	"context"
	"time"

	"github.com/northmill/procure/internal/platform/db"
)

// Supplier is a vendor we buy from.
type Supplier struct {
	ID               string    `db:"id"`
	Name             string    `db:"name"`
	EDIPartnerID     string    `db:"edi_partner_id"`
	BankIBAN         string    `db:"bank_iban"`
	BankBIC          string    `db:"bank_bic"`
	Currency         string    `db:"currency"`
	PaymentTermsDays int       `db:"payment_terms_days"`
	DiscountPct      float64   `db:"discount_pct"`
	DiscountDays     int       `db:"discount_days"`
	PrepaymentPct    float64   `db:"prepayment_pct"`
	CreatedAt        time.Time `db:"created_at"`
}

// OffersDiscount reports whether the supplier grants an early-payment discount.
func (s Supplier) OffersDiscount() bool { return s.DiscountPct > 0 && s.DiscountDays > 0 }

// Repo reads suppliers.
type Repo struct{}

// NewRepo returns the repository.
func NewRepo() *Repo { return &Repo{} }

const supplierColumns = `id, name, edi_partner_id, bank_iban, bank_bic, currency,
	payment_terms_days, discount_pct, discount_days, prepayment_pct, created_at`

// Get loads a supplier by ID.
func (r *Repo) Get(ctx context.Context, q db.Querier, id string) (Supplier, error) {
	return db.Get[Supplier](ctx, q, `SELECT `+supplierColumns+` FROM suppliers WHERE id = $1`, id)
}

// ByPartnerID loads a supplier by its EDI partner identifier (GLN).
func (r *Repo) ByPartnerID(ctx context.Context, q db.Querier, partnerID string) (Supplier, error) {
	return db.Get[Supplier](ctx, q, `SELECT `+supplierColumns+` FROM suppliers WHERE edi_partner_id = $1`, partnerID)
}

// AdjustBalance moves the supplier's open payable and credit totals.
func (r *Repo) AdjustBalance(ctx context.Context, q db.Querier, supplierID string, payableDelta, creditDelta int64) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO supplier_balances (supplier_id, open_payable_minor, open_credit_minor)
		VALUES ($1, $2, $3)
		ON CONFLICT (supplier_id) DO UPDATE SET
			open_payable_minor = supplier_balances.open_payable_minor + EXCLUDED.open_payable_minor,
			open_credit_minor  = supplier_balances.open_credit_minor + EXCLUDED.open_credit_minor,
			updated_at = now()`, supplierID, payableDelta, creditDelta)
	return err
}
