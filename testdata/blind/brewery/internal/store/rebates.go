package store

import (
	"context"
	"fmt"
	"time"

	"github.com/ironkettle/taproute/internal/domain"
)

// RebateRepo persists loyalty rebate accruals, quarterly credits and points.
type RebateRepo struct{}

// NewRebateRepo constructs a RebateRepo.
func NewRebateRepo() *RebateRepo { return &RebateRepo{} }

// InsertAccrual stores one month's accrual for an account.
func (r *RebateRepo) InsertAccrual(ctx context.Context, q Querier, a domain.RebateAccrual) error {
	_, err := q.Exec(ctx, `
		INSERT INTO rebate_accruals (id, account_id, period, volume_barrels, rate_bps, amount_cents)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.AccountID, a.Period, a.VolumeBarrels, a.RateBps, a.AmountCents)
	if err != nil {
		return fmt.Errorf("insert rebate accrual %s %s: %w", a.AccountID, a.Period.Format("2006-01"), err)
	}
	return nil
}

// SumAccruals totals accruals for an account over [from, to).
func (r *RebateRepo) SumAccruals(ctx context.Context, q Querier, accountID string, from, to time.Time) (int64, error) {
	var sum int64
	err := q.QueryRow(ctx, `
		SELECT COALESCE(sum(amount_cents), 0)::bigint FROM rebate_accruals
		 WHERE account_id = $1 AND period >= $2 AND period < $3`, accountID, from, to).Scan(&sum)
	return sum, err
}

// EnsureCredit creates the pending credit for (account, quarter) if absent and
// returns the stored row.
func (r *RebateRepo) EnsureCredit(ctx context.Context, q Querier, c domain.RebateCredit) (domain.RebateCredit, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO rebate_credits (id, account_id, quarter, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT ON CONSTRAINT rebate_credits_account_quarter_uniq DO NOTHING`,
		c.ID, c.AccountID, c.Quarter, c.AmountCents, c.Status)
	if err != nil {
		return domain.RebateCredit{}, fmt.Errorf("ensure rebate credit: %w", err)
	}
	var out domain.RebateCredit
	err = q.QueryRow(ctx, `
		SELECT id, account_id, quarter, amount_cents, status, COALESCE(provider_credit_id, '')
		  FROM rebate_credits WHERE account_id = $1 AND quarter = $2`, c.AccountID, c.Quarter).
		Scan(&out.ID, &out.AccountID, &out.Quarter, &out.AmountCents, &out.Status, &out.ProviderCreditID)
	return out, notFound(err)
}

// MarkCredited records the provider credit id.
func (r *RebateRepo) MarkCredited(ctx context.Context, q Querier, c domain.RebateCredit, providerID string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE rebate_credits SET status = 'credited', provider_credit_id = $2, credited_at = $3
		 WHERE id = $1 AND status = 'pending'`, c.ID, providerID, at)
	return err
}

// AddPoints adds loyalty points to an account's balance.
func (r *RebateRepo) AddPoints(ctx context.Context, q Querier, accountID string, points int64) error {
	_, err := q.Exec(ctx, `
		INSERT INTO loyalty_balances (account_id, points) VALUES ($1, $2)
		ON CONFLICT (account_id) DO UPDATE SET points = loyalty_balances.points + EXCLUDED.points`,
		accountID, points)
	return err
}
