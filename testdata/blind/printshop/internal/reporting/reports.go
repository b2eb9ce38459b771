// Package reporting holds the hand-written SQL used for statements and
// operational reports.
package reporting

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/inkloop/printshop/internal/model"
)

type MerchantTotals struct {
	MerchantID   string
	ChargesCents int64
	CreditsCents int64
	OrderCount   int
}

type Reports struct {
	db *sql.DB
}

func New(db *sql.DB) *Reports { return &Reports{db: db} }

// PeriodBounds returns [start, end) for a YYYY-MM period in UTC.
func PeriodBounds(period string) (time.Time, time.Time, error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("reporting: bad period %q: %w", period, err)
	}
	return start, start.AddDate(0, 1, 0), nil
}

const monthlyTotalsSQL = `
SELECT l.merchant_id,
       COALESCE(SUM(CASE WHEN l.amount_cents < 0 THEN -l.amount_cents ELSE 0 END), 0) AS charges,
       COALESCE(SUM(CASE WHEN l.amount_cents > 0 AND l.kind <> 'topup' THEN l.amount_cents ELSE 0 END), 0) AS credits,
       COUNT(DISTINCT CASE WHEN l.kind = 'order_charge' THEN l.reference END) AS orders
  FROM wallet_ledger l
  JOIN merchants m ON m.id = l.merchant_id
 WHERE l.created_at >= $1 AND l.created_at < $2
   AND m.status <> 'suspended'
 GROUP BY l.merchant_id
 ORDER BY l.merchant_id`

func (r *Reports) MonthlyTotals(ctx context.Context, period string) ([]MerchantTotals, error) {
	start, end, err := PeriodBounds(period)
	if err != nil {
		return nil, err
	}
	rows, err := r.db.QueryContext(ctx, monthlyTotalsSQL, start, end)
	if err != nil {
		return nil, fmt.Errorf("reporting: monthly totals: %w", err)
	}
	defer rows.Close()
	var out []MerchantTotals
	for rows.Next() {
		var t MerchantTotals
		if err := rows.Scan(&t.MerchantID, &t.ChargesCents, &t.CreditsCents, &t.OrderCount); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

const insertStatementSQL = `
INSERT INTO statements (id, merchant_id, period, charges_cents, credits_cents, order_count, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (r *Reports) InsertStatement(ctx context.Context, st model.Statement) error {
	_, err := r.db.ExecContext(ctx, insertStatementSQL,
		st.ID, st.MerchantID, st.Period, st.ChargesCents, st.CreditsCents, st.OrderCount, st.CreatedAt)
	if err != nil {
		return fmt.Errorf("reporting: insert statement %s/%s: %w", st.MerchantID, st.Period, err)
	}
	return nil
}
