package repo

import (
	"context"
	"database/sql"

	"github.com/northwind/payables/internal/domain"
)

// DiscountRepo persists early-payment discount offers.
type DiscountRepo interface {
	WithTx(tx *sql.Tx) DiscountRepo
	InsertOffer(ctx context.Context, o *domain.DiscountOffer) error
	ListOffers(ctx context.Context, invoiceID string) ([]domain.DiscountOffer, error)
}

type discountRepo struct{ base }

// NewDiscountRepo returns a DiscountRepo.
func NewDiscountRepo(db *sql.DB) DiscountRepo { return &discountRepo{base{db}} }

func (r *discountRepo) WithTx(tx *sql.Tx) DiscountRepo { return &discountRepo{base{tx}} }

func (r *discountRepo) InsertOffer(ctx context.Context, o *domain.DiscountOffer) error {
	return r.insert("discount_offers").
		Columns("id", "tenant_id", "invoice_id", "discount_bps", "pay_on", "expires_at", "status").
		Values(o.ID, o.TenantID, o.InvoiceID, o.DiscountBps, o.PayOn, o.ExpiresAt, "offered").
		Suffix("RETURNING created_at").
		QueryRowContext(ctx).Scan(&o.CreatedAt)
}

func (r *discountRepo) ListOffers(ctx context.Context, invoiceID string) ([]domain.DiscountOffer, error) {
	rows, err := r.sel("id", "tenant_id", "invoice_id", "discount_bps", "pay_on", "expires_at", "status", "created_at").
		From("discount_offers").Where("invoice_id = ?", invoiceID).OrderBy("created_at").
		QueryContext(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.DiscountOffer
	for rows.Next() {
		var o domain.DiscountOffer
		if err := rows.Scan(&o.ID, &o.TenantID, &o.InvoiceID, &o.DiscountBps, &o.PayOn, &o.ExpiresAt, &o.Status, &o.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}
