package pg

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

type CareAccounts struct {
	store[domain.CareAccount]
}

func NewCareAccounts(db *sqlx.DB) *CareAccounts {
	return &CareAccounts{newStore[domain.CareAccount](db, "care_accounts")}
}

const careAccountColumns = `id, family_id, plot_id, stripe_customer_id, default_payment_method,
	annual_fee_cents, balance_cents, next_billing_date, created_at`

func (r *CareAccounts) Get(ctx context.Context, id string) (domain.CareAccount, error) {
	return r.get(ctx, `SELECT `+careAccountColumns+` FROM care_accounts WHERE id = $1`, id)
}

func (r *CareAccounts) DueForBilling(ctx context.Context, asOf time.Time, limit int) ([]domain.CareAccount, error) {
	return r.list(ctx, `
		SELECT `+careAccountColumns+`
		FROM care_accounts
		WHERE next_billing_date <= $1
		ORDER BY next_billing_date, id
		LIMIT $2`, asOf, limit)
}

func (r *CareAccounts) AdvanceBillingDate(ctx context.Context, id string, next time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE care_accounts SET next_billing_date = $2 WHERE id = $1`, id, next)
	if err != nil {
		return r.wrap(err)
	}
	return nil
}

func (r *CareAccounts) AdjustBalance(ctx context.Context, id string, deltaCents int64) error {
	_, err := r.exec(ctx, `
		UPDATE care_accounts SET balance_cents = balance_cents + $2 WHERE id = $1`, id, deltaCents)
	return err
}

type CareInvoices struct {
	store[domain.CareInvoice]
}

func NewCareInvoices(db *sqlx.DB) *CareInvoices {
	return &CareInvoices{newStore[domain.CareInvoice](db, "care_invoices")}
}

const careInvoiceColumns = `id, account_id, period, amount_cents, status, payment_intent_id,
	failure_reason, created_at, updated_at`

func (r *CareInvoices) CreateForPeriod(ctx context.Context, inv domain.CareInvoice) (domain.CareInvoice, bool, error) {
	created, found, err := r.getFound(ctx, `
		INSERT INTO care_invoices (id, account_id, period, amount_cents, status)
		VALUES ($1, $2, $3, $4, 'open')
		ON CONFLICT (account_id, period) DO NOTHING
		RETURNING `+careInvoiceColumns, inv.ID, inv.AccountID, inv.Period, inv.AmountCents)
	if err != nil || found {
		return created, found, err
	}
	existing, err := r.get(ctx, `
		SELECT `+careInvoiceColumns+` FROM care_invoices WHERE account_id = $1 AND period = $2`,
		inv.AccountID, inv.Period)
	return existing, false, err
}

func (r *CareInvoices) Get(ctx context.Context, id string) (domain.CareInvoice, error) {
	return r.get(ctx, `SELECT `+careInvoiceColumns+` FROM care_invoices WHERE id = $1`, id)
}

func (r *CareInvoices) FindByPaymentIntent(ctx context.Context, paymentIntentID string) (domain.CareInvoice, error) {
	return r.get(ctx, `SELECT `+careInvoiceColumns+` FROM care_invoices WHERE payment_intent_id = $1`, paymentIntentID)
}

func (r *CareInvoices) MarkPaid(ctx context.Context, id, paymentIntentID string) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE care_invoices
		SET status = 'paid', payment_intent_id = $2, failure_reason = NULL, updated_at = now()
		WHERE id = $1 AND status IN ('open', 'failed')`, id, paymentIntentID)
	return n == 1, err
}

func (r *CareInvoices) MarkFailed(ctx context.Context, id, reason string) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE care_invoices
		SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status = 'open'`, id, reason)
	return n == 1, err
}

type CarePayments struct {
	store[domain.CarePayment]
}

func NewCarePayments(db *sqlx.DB) *CarePayments {
	return &CarePayments{newStore[domain.CarePayment](db, "care_payments")}
}

func (r *CarePayments) Insert(ctx context.Context, p domain.CarePayment) error {
	return r.insert(ctx, `
		INSERT INTO care_payments (id, invoice_id, account_id, payment_intent_id, amount_cents, received_at)
		VALUES (:id, :invoice_id, :account_id, :payment_intent_id, :amount_cents, :received_at)`, p)
}
