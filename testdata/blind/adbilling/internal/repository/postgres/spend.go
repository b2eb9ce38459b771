package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type SpendRepo struct {
	pool *pgxpool.Pool
}

func NewSpendRepo(pool *pgxpool.Pool) repository.Spend { return &SpendRepo{pool: pool} }

func (r *SpendRepo) InsertEvent(ctx context.Context, e domain.SpendEvent) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO spend_events (event_id, kind, campaign_id, advertiser_id, publisher_id, cost_micros, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (event_id) DO NOTHING`,
		e.EventID, string(e.Kind), e.CampaignID, e.AdvertiserID, e.PublisherID, int64(e.Cost), e.OccurredAt)
	if err != nil {
		return false, fmt.Errorf("insert spend event: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *SpendRepo) AggregateDay(ctx context.Context, day time.Time) ([]domain.DaySpend, error) {
	from := day.Truncate(24 * time.Hour)
	rows, err := db.Conn(ctx, r.pool).Query(ctx, `
		SELECT advertiser_id,
		       COUNT(*) FILTER (WHERE kind = 'impression'),
		       COUNT(*) FILTER (WHERE kind = 'click'),
		       COALESCE(SUM(cost_micros), 0)
		  FROM spend_events
		 WHERE occurred_at >= $1 AND occurred_at < $2
		 GROUP BY advertiser_id
		 ORDER BY advertiser_id`, from, from.Add(24*time.Hour))
	if err != nil {
		return nil, fmt.Errorf("aggregate day: %w", err)
	}
	defer rows.Close()
	var out []domain.DaySpend
	for rows.Next() {
		d := domain.DaySpend{Day: from}
		var spend int64
		if err := rows.Scan(&d.AdvertiserID, &d.Impressions, &d.Clicks, &spend); err != nil {
			return nil, err
		}
		d.Spend = domain.Micros(spend)
		out = append(out, d)
	}
	return out, rows.Err()
}

func (r *SpendRepo) InsertDaily(ctx context.Context, d domain.DailySpend) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO daily_spend (id, advertiser_id, day, impressions, clicks, spend_micros)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		d.ID, d.AdvertiserID, d.Day, d.Impressions, d.Clicks, int64(d.Spend))
	if err != nil {
		return fmt.Errorf("insert daily spend: %w", err)
	}
	return nil
}

func (r *SpendRepo) PublisherSpend(ctx context.Context, advertiserID string, day time.Time) ([]domain.PublisherSpend, error) {
	from := day.Truncate(24 * time.Hour)
	rows, err := db.Conn(ctx, r.pool).Query(ctx, `
		SELECT publisher_id, SUM(cost_micros)
		  FROM spend_events
		 WHERE advertiser_id = $1 AND occurred_at >= $2 AND occurred_at < $3
		 GROUP BY publisher_id
		 ORDER BY publisher_id`, advertiserID, from, from.Add(24*time.Hour))
	if err != nil {
		return nil, fmt.Errorf("publisher spend: %w", err)
	}
	defer rows.Close()
	var out []domain.PublisherSpend
	for rows.Next() {
		var p domain.PublisherSpend
		var gross int64
		if err := rows.Scan(&p.PublisherID, &gross); err != nil {
			return nil, err
		}
		p.Gross = domain.Micros(gross)
		out = append(out, p)
	}
	return out, rows.Err()
}

func (r *SpendRepo) CampaignTotals(ctx context.Context, advertiserID string, from, to time.Time) ([]domain.CampaignTotal, error) {
	rows, err := db.Conn(ctx, r.pool).Query(ctx, `
		SELECT e.campaign_id, c.name,
		       COUNT(*) FILTER (WHERE e.kind = 'impression'),
		       COUNT(*) FILTER (WHERE e.kind = 'click'),
		       SUM(e.cost_micros)
		  FROM spend_events e JOIN campaigns c ON c.id = e.campaign_id
		 WHERE e.advertiser_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3
		 GROUP BY e.campaign_id, c.name
		 ORDER BY e.campaign_id`, advertiserID, from, to)
	if err != nil {
		return nil, fmt.Errorf("campaign totals: %w", err)
	}
	defer rows.Close()
	var out []domain.CampaignTotal
	for rows.Next() {
		var t domain.CampaignTotal
		var spend int64
		if err := rows.Scan(&t.CampaignID, &t.Name, &t.Impressions, &t.Clicks, &spend); err != nil {
			return nil, err
		}
		t.Spend = domain.Micros(spend)
		out = append(out, t)
	}
	return out, rows.Err()
}

func (r *SpendRepo) InsertIVT(ctx context.Context, a domain.IVTAdjustment) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO ivt_adjustments (id, verdict_id, campaign_id, advertiser_id, publisher_id,
		                             amount_micros, event_count, reason, detected_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		a.ID, a.VerdictID, a.CampaignID, a.AdvertiserID, a.PublisherID,
		int64(a.Amount), a.EventCount, a.Reason, a.DetectedAt)
	if err != nil {
		return fmt.Errorf("insert ivt adjustment: %w", err)
	}
	return nil
}

func (r *SpendRepo) SumIVT(ctx context.Context, advertiserID string, from, to time.Time) (domain.Micros, error) {
	var sum int64
	err := db.Conn(ctx, r.pool).QueryRow(ctx, `
		SELECT COALESCE(SUM(amount_micros), 0) FROM ivt_adjustments
		 WHERE advertiser_id = $1 AND detected_at >= $2 AND detected_at < $3`,
		advertiserID, from, to).Scan(&sum)
	if err != nil {
		return 0, fmt.Errorf("sum ivt: %w", err)
	}
	return domain.Micros(sum), nil
}
