// Package fleet manages fleet accounts: their drivers, prepaid top-ups,
// usage lines and monthly invoices.
package fleet

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/platform/dbutil"
)

// Account is a fleet customer.
type Account struct {
	ID                   string
	Name                 string
	Currency             string
	StripeCustomerID     string
	DefaultPaymentMethod sql.NullString
	BalanceCents         int64
	UnbilledCents        int64
	CreditLimitCents     int64
	Status               string
	CreatedAt            time.Time
}

// Member is a driver attached to a fleet.
type Member struct {
	FleetID       string
	DriverID      string
	Role          string
	SpendCapCents sql.NullInt64
	AddedBy       string
}

// Topup is a prepaid credit purchase.
type Topup struct {
	ID              string
	FleetID         string
	ClientKey       string
	AmountCents     int64
	Status          string
	PaymentIntentID sql.NullString
}

// UsageLine is one fleet session awaiting invoicing.
type UsageLine struct {
	FleetID     string
	SessionID   string
	Period      string
	DriverID    string
	EnergyWh    int64
	AmountCents int64
}

// Invoice is a fleet's monthly invoice header.
type Invoice struct {
	ID         string
	FleetID    string
	Period     string
	Status     string
	TotalCents int64
	LineCount  int
}

// Repo is the fleet data access layer.
type Repo struct{}

// NewRepo builds a repository.
func NewRepo() *Repo { return &Repo{} }

// GetAccount loads a fleet account.
func (r *Repo) GetAccount(ctx context.Context, q dbutil.Querier, id string) (Account, error) {
	var a Account
	err := q.QueryRowContext(ctx, `
		SELECT id, name, currency, stripe_customer_id, default_payment_method,
		       balance_cents, unbilled_cents, credit_limit_cents, status, created_at
		FROM fleet_accounts WHERE id = ?`, id).
		Scan(&a.ID, &a.Name, &a.Currency, &a.StripeCustomerID, &a.DefaultPaymentMethod,
			&a.BalanceCents, &a.UnbilledCents, &a.CreditLimitCents, &a.Status, &a.CreatedAt)
	if err != nil {
		return Account{}, fmt.Errorf("get fleet %s: %w", id, dbutil.NotFound(err))
	}
	return a, nil
}

// ListActiveAccounts returns fleets that existed before cutoff.
func (r *Repo) ListActiveAccounts(ctx context.Context, q dbutil.Querier, cutoff time.Time) ([]Account, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT id, name, currency, stripe_customer_id, default_payment_method,
		       balance_cents, unbilled_cents, credit_limit_cents, status, created_at
		FROM fleet_accounts WHERE status = 'active' AND created_at < ? ORDER BY id`, cutoff)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		var a Account
		if err := rows.Scan(&a.ID, &a.Name, &a.Currency, &a.StripeCustomerID, &a.DefaultPaymentMethod,
			&a.BalanceCents, &a.UnbilledCents, &a.CreditLimitCents, &a.Status, &a.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AddMember attaches a driver to a fleet.
func (r *Repo) AddMember(ctx context.Context, q dbutil.Querier, m Member) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO fleet_drivers (fleet_id, driver_id, role, spend_cap_cents, added_by)
		VALUES (?, ?, ?, ?, ?)`, m.FleetID, m.DriverID, m.Role, m.SpendCapCents, m.AddedBy)
	if err != nil {
		return fmt.Errorf("add driver %s to fleet %s: %w", m.DriverID, m.FleetID, err)
	}
	return nil
}

// InsertTopup records a pending top-up unless (fleet, client key) exists.
func (r *Repo) InsertTopup(ctx context.Context, q dbutil.Querier, t Topup) error {
	_, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO fleet_topups (id, fleet_id, client_key, amount_cents, status)
		VALUES (?, ?, ?, ?, 'pending')`, t.ID, t.FleetID, t.ClientKey, t.AmountCents)
	return err
}

// TopupByClientKey loads the top-up bound to a client key.
func (r *Repo) TopupByClientKey(ctx context.Context, q dbutil.Querier, fleetID, clientKey string) (Topup, error) {
	var t Topup
	err := q.QueryRowContext(ctx, `
		SELECT id, fleet_id, client_key, amount_cents, status, payment_intent_id
		FROM fleet_topups WHERE fleet_id = ? AND client_key = ?`, fleetID, clientKey).
		Scan(&t.ID, &t.FleetID, &t.ClientKey, &t.AmountCents, &t.Status, &t.PaymentIntentID)
	if err != nil {
		return Topup{}, fmt.Errorf("get topup: %w", dbutil.NotFound(err))
	}
	return t, nil
}

// SettleTopup marks a pending top-up succeeded; true if it was pending.
func (r *Repo) SettleTopup(ctx context.Context, q dbutil.Querier, id, intentID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE fleet_topups SET status = 'succeeded', payment_intent_id = ?
		WHERE id = ? AND status = 'pending'`, intentID, id)
	if err != nil {
		return false, err
	}
	return dbutil.Affected(res) == 1, nil
}

// FailTopup marks a pending top-up failed.
func (r *Repo) FailTopup(ctx context.Context, q dbutil.Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE fleet_topups SET status = 'failed' WHERE id = ? AND status = 'pending'`, id)
	return err
}

// AdjustBalance adds delta to the prepaid balance.
func (r *Repo) AdjustBalance(ctx context.Context, q dbutil.Querier, fleetID string, delta int64) error {
	_, err := q.ExecContext(ctx, `UPDATE fleet_accounts SET balance_cents = balance_cents + ? WHERE id = ?`, delta, fleetID)
	return err
}

// AdjustUnbilled adds delta to the running uninvoiced usage.
func (r *Repo) AdjustUnbilled(ctx context.Context, q dbutil.Querier, fleetID string, delta int64) error {
	_, err := q.ExecContext(ctx, `UPDATE fleet_accounts SET unbilled_cents = unbilled_cents + ? WHERE id = ?`, delta, fleetID)
	return err
}

// InsertUsageLine records a session's usage once; returns whether it was new.
func (r *Repo) InsertUsageLine(ctx context.Context, q dbutil.Querier, l UsageLine) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO fleet_usage_lines (fleet_id, session_id, period, driver_id, energy_wh, amount_cents)
		VALUES (?, ?, ?, ?, ?, ?)`, l.FleetID, l.SessionID, l.Period, l.DriverID, l.EnergyWh, l.AmountCents)
	if err != nil {
		return false, fmt.Errorf("insert usage line %s: %w", l.SessionID, err)
	}
	return dbutil.Affected(res) == 1, nil
}

// PeriodTotals sums uninvoiced usage of a fleet for a period.
func (r *Repo) PeriodTotals(ctx context.Context, q dbutil.Querier, fleetID, period string) (total int64, count int, err error) {
	err = q.QueryRowContext(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0), COUNT(*) FROM fleet_usage_lines
		WHERE fleet_id = ? AND period = ? AND invoice_id IS NULL`, fleetID, period).Scan(&total, &count)
	return total, count, err
}

// InsertInvoice creates an invoice header.
func (r *Repo) InsertInvoice(ctx context.Context, q dbutil.Querier, inv Invoice) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO fleet_invoices (id, fleet_id, period, status, total_cents, line_count, issued_at)
		VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
		inv.ID, inv.FleetID, inv.Period, inv.Status, inv.TotalCents, inv.LineCount)
	if err != nil {
		return fmt.Errorf("insert invoice %s/%s: %w", inv.FleetID, inv.Period, err)
	}
	return nil
}

// AttachLines assigns a period's uninvoiced lines to an invoice.
func (r *Repo) AttachLines(ctx context.Context, q dbutil.Querier, invoiceID, fleetID, period string) (int64, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE fleet_usage_lines SET invoice_id = ?
		WHERE fleet_id = ? AND period = ? AND invoice_id IS NULL`, invoiceID, fleetID, period)
	if err != nil {
		return 0, err
	}
	return dbutil.Affected(res), nil
}
