package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Releases persists fund releases and the platform fees taken from them.
type Releases struct{}

const releaseCols = `id, milestone_id, freelancer_id, gross_minor, fee_minor, net_minor, currency, source, created_at`

func scanRelease(row pgx.Row) (Release, error) {
	var r Release
	err := row.Scan(&r.ID, &r.MilestoneID, &r.FreelancerID, &r.GrossMinor, &r.FeeMinor, &r.NetMinor, &r.Currency, &r.Source, &r.CreatedAt)
	return r, err
}

// InsertIfAbsent records a release under its id and reports whether this
// call created it.
func (Releases) InsertIfAbsent(ctx context.Context, q Querier, r Release) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO releases (id, milestone_id, freelancer_id, gross_minor, fee_minor, net_minor, currency, source)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (id) DO NOTHING`,
		r.ID, r.MilestoneID, r.FreelancerID, r.GrossMinor, r.FeeMinor, r.NetMinor, r.Currency, r.Source)
	if err != nil {
		return false, wrap("releases.insert", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (Releases) Get(ctx context.Context, q Querier, id string) (Release, error) {
	r, err := scanRelease(q.QueryRow(ctx, `SELECT `+releaseCols+` FROM releases WHERE id = $1`, id))
	return r, one("releases.get", err)
}

// Fees persists platform fees and the per-period revenue rollup.
type Fees struct{}

// Insert records the platform fee taken on a release.
func (Fees) Insert(ctx context.Context, q Querier, f PlatformFee) error {
	_, err := q.Exec(ctx, `
		INSERT INTO platform_fees (id, release_id, milestone_id, amount_minor, currency, fee_bps, period)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		f.ID, f.ReleaseID, f.MilestoneID, f.AmountMinor, f.Currency, f.FeeBps, f.Period)
	return wrap("fees.insert", err)
}

// AddRevenue increments the revenue rollup for a period.
func (Fees) AddRevenue(ctx context.Context, q Querier, period, currency string, amount int64) error {
	_, err := q.Exec(ctx, `
		INSERT INTO platform_revenue (period, currency, amount_minor, fee_count)
		VALUES ($1, $2, $3, 1)
		ON CONFLICT (period, currency) DO UPDATE
		SET amount_minor = platform_revenue.amount_minor + EXCLUDED.amount_minor,
		    fee_count    = platform_revenue.fee_count + 1`, period, currency, amount)
	return wrap("fees.add_revenue", err)
}
