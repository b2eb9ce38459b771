package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
)

const fleetAccountCols = `id, code, company_name, billing_email, contact_phone, card_token, autopay,
	price_cents, active, created_at`

const invoiceCols = `id, account_id, period, status, wash_count, total_cents, processor_charge_id,
	due_at, paid_at, created_at`

// FleetRepo stores fleet accounts, vehicles and invoices.
type FleetRepo struct{}

// NewFleetRepo returns a FleetRepo.
func NewFleetRepo() *FleetRepo { return &FleetRepo{} }

// UpsertAccount creates a fleet account or updates the one with the same
// billing email, returning the stored account.
func (r *FleetRepo) UpsertAccount(ctx context.Context, q sqlx.ExtContext, a *domain.FleetAccount) (*domain.FleetAccount, error) {
	return get[domain.FleetAccount](ctx, q, `
		INSERT INTO fleet_accounts (id, code, company_name, billing_email, contact_phone, card_token, autopay, price_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (lower(billing_email)) DO UPDATE
		SET company_name = EXCLUDED.company_name,
		    contact_phone = EXCLUDED.contact_phone,
		    card_token = coalesce(EXCLUDED.card_token, fleet_accounts.card_token),
		    autopay = EXCLUDED.autopay,
		    updated_at = now()
		RETURNING `+fleetAccountCols,
		a.ID, a.Code, a.CompanyName, a.BillingEmail, a.ContactPhone, a.CardToken, a.Autopay, a.PriceCents)
}

// GetAccount loads a fleet account.
func (r *FleetRepo) GetAccount(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (*domain.FleetAccount, error) {
	return get[domain.FleetAccount](ctx, q, `SELECT `+fleetAccountCols+` FROM fleet_accounts WHERE id = $1`, id)
}

// GetAccountByCode loads a fleet account by the code printed on its cards.
func (r *FleetRepo) GetAccountByCode(ctx context.Context, q sqlx.ExtContext, code string) (*domain.FleetAccount, error) {
	return get[domain.FleetAccount](ctx, q, `SELECT `+fleetAccountCols+` FROM fleet_accounts WHERE code = $1`, code)
}

// ListActiveAccounts returns every active fleet account.
func (r *FleetRepo) ListActiveAccounts(ctx context.Context, q sqlx.ExtContext) ([]domain.FleetAccount, error) {
	var out []domain.FleetAccount
	err := sqlx.SelectContext(ctx, q, &out, `SELECT `+fleetAccountCols+` FROM fleet_accounts WHERE active ORDER BY id`)
	return out, err
}

// AddVehicle registers a plate on an account; registering it twice is a no-op.
func (r *FleetRepo) AddVehicle(ctx context.Context, q sqlx.ExtContext, accountID uuid.UUID, plate, label string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO fleet_vehicles (account_id, plate, label) VALUES ($1, $2, NULLIF($3, ''))
		ON CONFLICT (account_id, plate) DO NOTHING`, accountID, plate, label)
	return err
}

// VehicleRegistered reports whether plate belongs to the account.
func (r *FleetRepo) VehicleRegistered(ctx context.Context, q sqlx.ExtContext, accountID uuid.UUID, plate string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, q, &ok, `
		SELECT EXISTS (SELECT 1 FROM fleet_vehicles WHERE account_id = $1 AND plate = $2)`, accountID, plate)
	return ok, err
}

// CreateInvoice inserts the invoice unless the account already has one for
// the period. created reports whether this call inserted it.
func (r *FleetRepo) CreateInvoice(ctx context.Context, q sqlx.ExtContext, inv *domain.FleetInvoice) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO fleet_invoices (id, account_id, period, status, due_at)
		VALUES (:id, :account_id, :period, :status, :due_at)
		ON CONFLICT (account_id, period) DO NOTHING`, inv)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// InvoiceForPeriod loads an account's invoice for a period.
func (r *FleetRepo) InvoiceForPeriod(ctx context.Context, q sqlx.ExtContext, accountID uuid.UUID, period string) (*domain.FleetInvoice, error) {
	return get[domain.FleetInvoice](ctx, q, `
		SELECT `+invoiceCols+` FROM fleet_invoices WHERE account_id = $1 AND period = $2`, accountID, period)
}

// ListInvoices returns an account's invoices, newest first.
func (r *FleetRepo) ListInvoices(ctx context.Context, q sqlx.ExtContext, accountID uuid.UUID) ([]domain.FleetInvoice, error) {
	var out []domain.FleetInvoice
	err := sqlx.SelectContext(ctx, q, &out, `
		SELECT `+invoiceCols+` FROM fleet_invoices WHERE account_id = $1 ORDER BY period DESC`, accountID)
	return out, err
}

// SetInvoiceTotals stores the totals computed when washes were attached.
func (r *FleetRepo) SetInvoiceTotals(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, count int, total int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE fleet_invoices SET wash_count = $2, total_cents = $3 WHERE id = $1`, id, count, total)
	return err
}

// MarkInvoicePaid records payment of an invoice.
func (r *FleetRepo) MarkInvoicePaid(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, chargeID string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE fleet_invoices SET status = 'paid', processor_charge_id = $2, paid_at = $3
		WHERE id = $1`, id, chargeID, at)
	return err
}

// MarkInvoicePaymentFailed flags an autopay decline for collections.
func (r *FleetRepo) MarkInvoicePaymentFailed(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE fleet_invoices SET status = 'payment_failed' WHERE id = $1 AND status = 'open'`, id)
	return err
}
