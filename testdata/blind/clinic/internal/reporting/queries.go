// Package reporting runs read-only aggregate queries for the admin console.
package reporting

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
)

type Queries struct {
	db *sqlx.DB
}

func NewQueries(db *sqlx.DB) *Queries { return &Queries{db: db} }

type RevenueRow struct {
	Day           time.Time `db:"day" json:"day"`
	DepositsCents int64     `db:"deposits_cents" json:"deposits_cents"`
	FeesCents     int64     `db:"fees_cents" json:"fees_cents"`
	RefundsCents  int64     `db:"refunds_cents" json:"refunds_cents"`
}

func (q *Queries) DailyRevenue(ctx context.Context, from, to time.Time) ([]RevenueRow, error) {
	var rows []RevenueRow
	err := q.db.SelectContext(ctx, &rows, `
		WITH days AS (
		    SELECT generate_series($1::date, $2::date, interval '1 day')::date AS day
		)
		SELECT d.day,
		       COALESCE((SELECT SUM(amount_cents) FROM payment_attempts p
		                  WHERE p.status = 'succeeded' AND p.updated_at::date = d.day), 0) AS deposits_cents,
		       COALESCE((SELECT SUM(amount_cents) FROM no_show_fees f
		                  WHERE f.status = 'succeeded' AND f.updated_at::date = d.day), 0) AS fees_cents,
		       COALESCE((SELECT SUM(amount_cents) FROM refunds r
		                  WHERE r.status = 'succeeded' AND r.created_at::date = d.day), 0) AS refunds_cents
		  FROM days d ORDER BY d.day`, from, to)
	return rows, err
}

type UtilizationRow struct {
	ClinicianID string  `db:"clinician_id" json:"clinician_id"`
	FullName    string  `db:"full_name" json:"full_name"`
	Booked      int     `db:"booked" json:"booked"`
	NoShows     int     `db:"no_shows" json:"no_shows"`
	NoShowRate  float64 `db:"no_show_rate" json:"no_show_rate"`
}

func (q *Queries) ClinicianUtilization(ctx context.Context, since time.Time) ([]UtilizationRow, error) {
	var rows []UtilizationRow
	query, args, err := sqlx.In(`
		SELECT c.id AS clinician_id, c.full_name,
		       COUNT(a.id) AS booked,
		       COUNT(a.id) FILTER (WHERE a.status = 'no_show') AS no_shows,
		       COALESCE(COUNT(a.id) FILTER (WHERE a.status = 'no_show')::float / NULLIF(COUNT(a.id), 0), 0) AS no_show_rate
		  FROM clinicians c
		  LEFT JOIN appointments a ON a.clinician_id = c.id AND a.slot_start >= ? AND a.status IN (?)
		 GROUP BY c.id, c.full_name
		 ORDER BY no_show_rate DESC`, since, []string{"confirmed", "completed", "no_show"})
	if err != nil {
		return nil, err
	}
	err = q.db.SelectContext(ctx, &rows, q.db.Rebind(query), args...)
	return rows, err
}
