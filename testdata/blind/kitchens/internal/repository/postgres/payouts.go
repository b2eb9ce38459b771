package postgres

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/hearthkit/commissary/internal/domain"
)

type earningsRepo struct{ q sqlx.ExtContext }

func (r earningsRepo) Insert(ctx context.Context, e *domain.HostEarning) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO host_earnings (id, booking_id, host_id, gross_cents, fee_cents, amount_cents, currency)
		VALUES (:id, :booking_id, :host_id, :gross_cents, :fee_cents, :amount_cents, :currency)`, e)
	return mapErr(err)
}

func (r earningsRepo) UnpaidByHost(ctx context.Context, before time.Time) ([]domain.EarningsSummary, error) {
	rows, err := r.q.QueryContext(ctx, `
		SELECT host_id, currency, SUM(amount_cents), array_agg(id::text ORDER BY created_at)
		FROM host_earnings
		WHERE payout_id IS NULL AND created_at < $1
		GROUP BY host_id, currency
		HAVING SUM(amount_cents) > 0
		ORDER BY host_id`, before)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []domain.EarningsSummary
	for rows.Next() {
		var s domain.EarningsSummary
		var ids pq.StringArray
		if err := rows.Scan(&s.HostID, &s.Currency, &s.AmountCents, &ids); err != nil {
			return nil, err
		}
		s.EarningIDs = ids
		out = append(out, s)
	}
	return out, rows.Err()
}

func (r earningsRepo) AssignPayout(ctx context.Context, earningIDs []string, payoutID string) (int64, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE host_earnings SET payout_id = $2
		WHERE id = ANY($1::uuid[]) AND payout_id IS NULL`, pq.Array(earningIDs), payoutID)
	if err != nil {
		return 0, mapErr(err)
	}
	return res.RowsAffected()
}

type payoutRepo struct{ q sqlx.ExtContext }

const payoutColumns = `id, host_id, period_start, period_end, amount_cents, currency, status,
	provider_payout_id, paid_at, created_at`

func (r payoutRepo) Get(ctx context.Context, id string) (*domain.Payout, error) {
	var p domain.Payout
	if err := sqlx.GetContext(ctx, r.q, &p, `SELECT `+payoutColumns+` FROM payouts WHERE id = $1`, id); err != nil {
		return nil, mapErr(err)
	}
	return &p, nil
}

func (r payoutRepo) Create(ctx context.Context, p *domain.Payout) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO payouts (id, host_id, period_start, period_end, amount_cents, currency, status)
		VALUES (:id, :host_id, :period_start, :period_end, :amount_cents, :currency, :status)
		ON CONFLICT (host_id, period_start) DO NOTHING`, p)
	return affected(res, err)
}

func (r payoutRepo) ListOpen(ctx context.Context, olderThan time.Duration) ([]domain.Payout, error) {
	var out []domain.Payout
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT `+payoutColumns+` FROM payouts
		WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1)
		ORDER BY created_at`, olderThan.Seconds())
	return out, mapErr(err)
}

func (r payoutRepo) MarkSubmitted(ctx context.Context, id, providerPayoutID string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE payouts SET status = 'submitted', provider_payout_id = $2
		WHERE id = $1 AND status = 'pending'`, id, providerPayoutID))
}

func (r payoutRepo) MarkPaid(ctx context.Context, providerPayoutID string, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE payouts SET status = 'paid', paid_at = $2
		WHERE provider_payout_id = $1 AND status IN ('pending', 'submitted')`, providerPayoutID, at))
}

type payoutAccountRepo struct{ q sqlx.ExtContext }

func (r payoutAccountRepo) GetByHost(ctx context.Context, hostID string) (*domain.PayoutAccount, error) {
	var a domain.PayoutAccount
	err := sqlx.GetContext(ctx, r.q, &a, `
		SELECT id, host_id, bank_token, last4, created_at, updated_at
		FROM host_payout_accounts WHERE host_id = $1`, hostID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &a, nil
}

// Upsert replaces the host's bank destination. The row id is assigned on
// first insert and kept on later updates so references stay valid.
func (r payoutAccountRepo) Upsert(ctx context.Context, a *domain.PayoutAccount) (*domain.PayoutAccount, error) {
	var out domain.PayoutAccount
	err := sqlx.GetContext(ctx, r.q, &out, `
		INSERT INTO host_payout_accounts (id, host_id, bank_token, last4)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (host_id) DO UPDATE
			SET bank_token = EXCLUDED.bank_token, last4 = EXCLUDED.last4, updated_at = now()
		RETURNING id, host_id, bank_token, last4, created_at, updated_at`,
		a.ID, a.HostID, a.BankToken, a.Last4)
	if err != nil {
		return nil, mapErr(err)
	}
	return &out, nil
}
