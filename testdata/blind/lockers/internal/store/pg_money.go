package store

import (
	"context"
	"fmt"
	"time"

	"github.com/quayside/lockers/internal/domain"
)

type billingRepo struct{ db DBTX }

func (r *billingRepo) AddToBalance(ctx context.Context, partnerID string, cents int64) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO partner_balances (partner_id, amount_due_cents) VALUES ($1, $2)
		ON CONFLICT (partner_id) DO UPDATE
		SET amount_due_cents = partner_balances.amount_due_cents + EXCLUDED.amount_due_cents,
		    updated_at = now()`, partnerID, cents)
	return err
}

func (r *billingRepo) InsertLine(ctx context.Context, parcelID, partnerID string, cents int64, period time.Time) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO billing_lines (parcel_id, partner_id, fee_cents, period)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (parcel_id) DO NOTHING`, parcelID, partnerID, cents, period)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *billingRepo) FeeFor(ctx context.Context, partnerID string, on time.Time) (int64, error) {
	var fee int64
	err := r.db.QueryRow(ctx, `
		SELECT COALESCE(
			(SELECT fee_cents FROM partner_fee_overrides
			 WHERE partner_id = $1 AND valid_from <= $2
			 ORDER BY valid_from DESC, id DESC LIMIT 1),
			(SELECT fee_per_parcel_cents FROM partners WHERE id = $1))`, partnerID, on).Scan(&fee)
	return fee, notFound(err)
}

func (r *billingRepo) InsertBalanceAdjustment(ctx context.Context, partnerID string, cents int64, reason, by string) (int64, error) {
	var id int64
	err := r.db.QueryRow(ctx, `
		INSERT INTO partner_balance_adjustments (partner_id, amount_cents, reason, created_by)
		VALUES ($1, $2, $3, $4)
		RETURNING id`, partnerID, cents, reason, by).Scan(&id)
	return id, err
}

func (r *billingRepo) PeriodTotal(ctx context.Context, partnerID string, period time.Time) (int64, int, error) {
	var total int64
	var n int
	err := r.db.QueryRow(ctx, `
		SELECT COALESCE(SUM(fee_cents), 0), COUNT(*)
		FROM billing_lines WHERE partner_id = $1 AND period = $2`, partnerID, period).Scan(&total, &n)
	return total, n, err
}

func (r *billingRepo) ClaimInvoice(ctx context.Context, inv domain.PartnerInvoice) (domain.PartnerInvoice, error) {
	_, err := r.db.Exec(ctx, `
		INSERT INTO partner_invoices (id, partner_id, period, amount_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (partner_id, period) DO NOTHING`, inv.ID, inv.PartnerID, inv.Period, inv.AmountCents)
	if err != nil {
		return domain.PartnerInvoice{}, fmt.Errorf("insert invoice: %w", err)
	}
	var out domain.PartnerInvoice
	err = r.db.QueryRow(ctx, `
		SELECT id, partner_id, period, amount_cents, status, COALESCE(provider_invoice_id, '')
		FROM partner_invoices WHERE partner_id = $1 AND period = $2`, inv.PartnerID, inv.Period).
		Scan(&out.ID, &out.PartnerID, &out.Period, &out.AmountCents, &out.Status, &out.ProviderInvoiceID)
	return out, notFound(err)
}

func (r *billingRepo) MarkInvoiceIssued(ctx context.Context, id, providerInvoiceID string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE partner_invoices SET status = 'issued', provider_invoice_id = $2
		WHERE id = $1`, id, providerInvoiceID)
	return err
}

func (r *billingRepo) InsertCreditNote(ctx context.Context, id, partnerID string, cents int64, reason, providerRef, by string) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO credit_notes (id, partner_id, amount_cents, reason, provider_ref, created_by)
		VALUES ($1, $2, $3, $4, $5, $6)`, id, partnerID, cents, reason, providerRef, by)
	return err
}

type hostRepo struct{ db DBTX }

const hostCols = `id, name, payout_account, rate_per_pickup_cents, base_fee_cents`

func (r *hostRepo) Get(ctx context.Context, id string) (domain.Host, error) {
	var h domain.Host
	err := r.db.QueryRow(ctx, `SELECT `+hostCols+` FROM hosts WHERE id = $1`, id).
		Scan(&h.ID, &h.Name, &h.PayoutAccount, &h.RatePerPickupCents, &h.BaseFeeCents)
	return h, notFound(err)
}

func (r *hostRepo) List(ctx context.Context) ([]domain.Host, error) {
	rows, err := r.db.Query(ctx, `SELECT `+hostCols+` FROM hosts ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Host
	for rows.Next() {
		var h domain.Host
		if err := rows.Scan(&h.ID, &h.Name, &h.PayoutAccount, &h.RatePerPickupCents, &h.BaseFeeCents); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

func (r *hostRepo) IncrementUsage(ctx context.Context, hostID string, month time.Time) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO host_usage (host_id, month, pickups) VALUES ($1, $2, 1)
		ON CONFLICT (host_id, month) DO UPDATE SET pickups = host_usage.pickups + 1`, hostID, month)
	return err
}

func (r *hostRepo) Usage(ctx context.Context, hostID string, month time.Time) (int, error) {
	var n int
	err := r.db.QueryRow(ctx, `SELECT COALESCE((SELECT pickups FROM host_usage WHERE host_id = $1 AND month = $2), 0)`, hostID, month).Scan(&n)
	return n, err
}

func (r *hostRepo) InsertAdjustment(ctx context.Context, id, hostID string, cents int64, reason, by string) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO payout_adjustments (id, host_id, amount_cents, reason, created_by)
		VALUES ($1, $2, $3, $4, $5)`, id, hostID, cents, reason, by)
	return err
}

func (r *hostRepo) OpenAdjustments(ctx context.Context, hostID string) (int64, error) {
	var total int64
	err := r.db.QueryRow(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM payout_adjustments
		WHERE host_id = $1 AND applied_in IS NULL`, hostID).Scan(&total)
	return total, err
}

func (r *hostRepo) ApplyAdjustments(ctx context.Context, hostID string, period time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE payout_adjustments SET applied_in = $2
		WHERE host_id = $1 AND applied_in IS NULL`, hostID, period)
	return err
}

func (r *hostRepo) ClaimPayout(ctx context.Context, p domain.HostPayout) (domain.HostPayout, error) {
	_, err := r.db.Exec(ctx, `
		INSERT INTO host_payouts (id, host_id, period, amount_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (host_id, period) DO NOTHING`, p.ID, p.HostID, p.Period, p.AmountCents)
	if err != nil {
		return domain.HostPayout{}, fmt.Errorf("insert payout: %w", err)
	}
	var out domain.HostPayout
	err = r.db.QueryRow(ctx, `
		SELECT id, host_id, period, amount_cents, status, COALESCE(provider_ref, '')
		FROM host_payouts WHERE host_id = $1 AND period = $2`, p.HostID, p.Period).
		Scan(&out.ID, &out.HostID, &out.Period, &out.AmountCents, &out.Status, &out.ProviderRef)
	return out, notFound(err)
}

func (r *hostRepo) MarkPayoutPaid(ctx context.Context, id, providerRef string, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE host_payouts SET status = 'paid', provider_ref = $2, paid_at = $3
		WHERE id = $1`, id, providerRef, at)
	return err
}
