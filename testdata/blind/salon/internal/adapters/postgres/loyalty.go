package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type LoyaltyRepo struct{}

func NewLoyaltyRepo() *LoyaltyRepo { return &LoyaltyRepo{} }

func (r *LoyaltyRepo) Account(ctx context.Context, q ports.Querier, clientID uuid.UUID) (*domain.LoyaltyAccount, error) {
	acct, err := get[domain.LoyaltyAccount](ctx, q, `
		SELECT client_id, points_balance, lifetime_points, tier, updated_at
		  FROM loyalty_accounts WHERE client_id = $1`, clientID)
	if err == domain.ErrNotFound {
		return &domain.LoyaltyAccount{ClientID: clientID, Tier: "silver"}, nil
	}
	return acct, err
}

func (r *LoyaltyRepo) InsertEntry(ctx context.Context, q ports.Querier, e *domain.LedgerEntry) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO loyalty_ledger (id, client_id, delta, reason, source_ref)
		VALUES (:id, :client_id, :delta, :reason, :source_ref)`, e)
	return err
}

// InsertEntryIfAbsent relies on the partial unique indexes on
// (client_id, source_ref) for expiry and redemption entries.
func (r *LoyaltyRepo) InsertEntryIfAbsent(ctx context.Context, q ports.Querier, e *domain.LedgerEntry) (bool, error) {
	res, err := sqlxNamedExec(ctx, q, `
		INSERT INTO loyalty_ledger (id, client_id, delta, reason, source_ref)
		VALUES (:id, :client_id, :delta, :reason, :source_ref)
		ON CONFLICT DO NOTHING`, e)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Apply adds delta to the account balance, creating the account on first use.
func (r *LoyaltyRepo) Apply(ctx context.Context, q ports.Querier, clientID uuid.UUID, delta int64) (*domain.LoyaltyAccount, error) {
	earned := delta
	if earned < 0 {
		earned = 0
	}
	var acct domain.LoyaltyAccount
	err := q.GetContext(ctx, &acct, `
		INSERT INTO loyalty_accounts (client_id, points_balance, lifetime_points)
		VALUES ($1, $2, $3)
		ON CONFLICT (client_id) DO UPDATE
		   SET points_balance = loyalty_accounts.points_balance + EXCLUDED.points_balance,
		       lifetime_points = loyalty_accounts.lifetime_points + EXCLUDED.lifetime_points,
		       updated_at = now()
		RETURNING client_id, points_balance, lifetime_points, tier, updated_at`, clientID, delta, earned)
	if err != nil {
		return nil, err
	}
	if tier := domain.TierFor(acct.LifetimePoints); tier != acct.Tier {
		if _, err := q.ExecContext(ctx, `UPDATE loyalty_accounts SET tier = $2 WHERE client_id = $1`, clientID, tier); err != nil {
			return nil, err
		}
		acct.Tier = tier
	}
	return &acct, nil
}

// ExpirableBalance sums points earned before the cutoff that were not spent.
func (r *LoyaltyRepo) ExpirableBalance(ctx context.Context, q ports.Querier, clientID uuid.UUID, before time.Time) (int64, error) {
	var n int64
	err := q.GetContext(ctx, &n, `
		SELECT GREATEST(0, LEAST(
		         (SELECT points_balance FROM loyalty_accounts WHERE client_id = $1),
		         COALESCE(SUM(delta) FILTER (WHERE delta > 0 AND created_at < $2), 0)
		         + COALESCE(SUM(delta) FILTER (WHERE delta < 0), 0)))
		  FROM loyalty_ledger WHERE client_id = $1`, clientID, before)
	return n, err
}

func (r *LoyaltyRepo) ClientsWithPoints(ctx context.Context, q ports.Querier) ([]uuid.UUID, error) {
	return list[uuid.UUID](ctx, q, `SELECT client_id FROM loyalty_accounts WHERE points_balance > 0 ORDER BY client_id`)
}
