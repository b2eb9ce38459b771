package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// BillingRepo stores merchant charges, invoices and payment attempts.
type BillingRepo struct {
	db *sqlx.DB
}

// AddHandlingCharge inserts a handling fee line.
func (r *BillingRepo) AddHandlingCharge(ctx context.Context, q db.Queryer, c domain.HandlingCharge) error {
	_, err := db.NamedExec(ctx, q, queries.InsertHandlingCharge, c)
	return err
}

// AddHandlingChargeOnce inserts a handling fee unless the order already
// carries that fee code.
func (r *BillingRepo) AddHandlingChargeOnce(ctx context.Context, q db.Queryer, c domain.HandlingCharge) (bool, error) {
	n, err := db.NamedExec(ctx, q, queries.InsertHandlingChargeOnce, c)
	return n == 1, err
}

// Merchants lists every merchant.
func (r *BillingRepo) Merchants(ctx context.Context) ([]domain.Merchant, error) {
	return db.Select[domain.Merchant](ctx, r.db, queries.ListMerchants)
}

// Merchant loads one merchant.
func (r *BillingRepo) Merchant(ctx context.Context, id string) (domain.Merchant, error) {
	m, err := db.Get[domain.Merchant](ctx, r.db, queries.GetMerchant, id)
	return m, notFound(err)
}

// OpenStorageCharge creates the period's storage charge if missing.
func (r *BillingRepo) OpenStorageCharge(ctx context.Context, c domain.StorageCharge) error {
	_, err := db.Exec(ctx, r.db, queries.InsertStorageCharge,
		c.ID, c.MerchantID, c.Period, c.CBMDays, c.AmountCents)
	return err
}

// PendingStorageCharges lists uncollected storage charges for a period.
func (r *BillingRepo) PendingStorageCharges(ctx context.Context, period string) ([]domain.StorageCharge, error) {
	return db.Select[domain.StorageCharge](ctx, r.db, queries.ListPendingStorageCharges, period)
}

// MarkStorageCharged records the PSP charge on a storage charge.
func (r *BillingRepo) MarkStorageCharged(ctx context.Context, id, pspID string, at time.Time) error {
	_, err := db.Exec(ctx, r.db, queries.MarkStorageCharged, id, pspID, at)
	return err
}

// MarkStorageChargeFailed notes a failed collection for the finance team.
func (r *BillingRepo) MarkStorageChargeFailed(ctx context.Context, id, reason string) error {
	_, err := db.Exec(ctx, r.db, queries.MarkStorageChargeFailed, id, reason)
	return err
}

// Invoice loads an invoice.
func (r *BillingRepo) Invoice(ctx context.Context, id string) (domain.Invoice, error) {
	inv, err := db.Get[domain.Invoice](ctx, r.db, queries.GetInvoice, id)
	return inv, notFound(err)
}

// ClaimPaymentAttempt returns the invoice's open or succeeded attempt,
// creating a pending one with the proposed ID if there is none.
func (r *BillingRepo) ClaimPaymentAttempt(ctx context.Context, proposedID, invoiceID string, amount int64) (domain.PaymentAttempt, error) {
	return db.InTxResult(ctx, r.db, func(tx *sqlx.Tx) (domain.PaymentAttempt, error) {
		return db.Get[domain.PaymentAttempt](ctx, tx, queries.ClaimPaymentAttempt, proposedID, invoiceID, amount)
	})
}

// CompletePaymentAttempt stores the PSP outcome and, on success, marks the
// invoice paid in the same transaction.
func (r *BillingRepo) CompletePaymentAttempt(ctx context.Context, a domain.PaymentAttempt, at time.Time) error {
	return db.InTx(ctx, r.db, func(tx *sqlx.Tx) error {
		if _, err := db.Exec(ctx, tx, queries.CompletePaymentAttempt, a.ID, a.Status, a.PSPChargeID, a.Error); err != nil {
			return err
		}
		if a.Status != "succeeded" {
			return nil
		}
		_, err := db.Exec(ctx, tx, queries.MarkInvoicePaid, a.InvoiceID, at)
		return err
	})
}
