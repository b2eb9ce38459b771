package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type CampaignRepo struct {
	pool *pgxpool.Pool
}

func NewCampaignRepo(pool *pgxpool.Pool) repository.Campaigns { return &CampaignRepo{pool: pool} }

const campaignColumns = `id, advertiser_id, client_ref, name, status, pricing_model, bid_micros,
	daily_budget_micros, total_budget_micros, spent_micros, created_at`

func scanCampaign(row interface{ Scan(...any) error }) (domain.Campaign, error) {
	var c domain.Campaign
	var status string
	var bid, daily, total, spent int64
	err := row.Scan(&c.ID, &c.AdvertiserID, &c.ClientRef, &c.Name, &status, &c.PricingModel,
		&bid, &daily, &total, &spent, &c.CreatedAt)
	if err != nil {
		if db.IsNoRows(err) {
			return c, domain.ErrNotFound
		}
		return c, err
	}
	c.Status = domain.CampaignStatus(status)
	c.Bid, c.DailyBudget, c.TotalBudget, c.Spent = domain.Micros(bid), domain.Micros(daily), domain.Micros(total), domain.Micros(spent)
	return c, nil
}

func (r *CampaignRepo) Insert(ctx context.Context, c domain.Campaign) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO campaigns (id, advertiser_id, client_ref, name, status, pricing_model,
		                       bid_micros, daily_budget_micros, total_budget_micros)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		c.ID, c.AdvertiserID, c.ClientRef, c.Name, string(c.Status), c.PricingModel,
		int64(c.Bid), int64(c.DailyBudget), int64(c.TotalBudget))
	if err != nil {
		return fmt.Errorf("insert campaign: %w", err)
	}
	return nil
}

func (r *CampaignRepo) Get(ctx context.Context, id string) (domain.Campaign, error) {
	return scanCampaign(db.Conn(ctx, r.pool).QueryRow(ctx, `SELECT `+campaignColumns+` FROM campaigns WHERE id = $1`, id))
}

func (r *CampaignRepo) GetForUpdate(ctx context.Context, id string) (domain.Campaign, error) {
	return scanCampaign(db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT `+campaignColumns+` FROM campaigns WHERE id = $1 FOR UPDATE`, id))
}

func (r *CampaignRepo) UpdateBudget(ctx context.Context, id string, daily, total domain.Micros) error {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE campaigns
		   SET daily_budget_micros = $2, total_budget_micros = $3,
		       status = CASE WHEN status = 'paused_budget' AND spent_micros < $3 THEN 'active' ELSE status END,
		       updated_at = now()
		 WHERE id = $1`, id, int64(daily), int64(total))
	if err != nil {
		return fmt.Errorf("update budget: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r *CampaignRepo) AppendBudgetChange(ctx context.Context, c domain.BudgetChange) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO campaign_budget_changes (id, campaign_id, request_id, old_daily_budget_micros,
		       new_daily_budget_micros, old_total_budget_micros, new_total_budget_micros, changed_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		c.ID, c.CampaignID, c.RequestID, int64(c.OldDaily), int64(c.NewDaily),
		int64(c.OldTotal), int64(c.NewTotal), c.ChangedBy)
	if err != nil {
		return fmt.Errorf("append budget change: %w", err)
	}
	return nil
}

func (r *CampaignRepo) AddSpend(ctx context.Context, id string, amount domain.Micros) (domain.Campaign, error) {
	c, err := scanCampaign(db.Conn(ctx, r.pool).QueryRow(ctx, `
		UPDATE campaigns SET spent_micros = spent_micros + $2, updated_at = now()
		 WHERE id = $1
		RETURNING `+campaignColumns, id, int64(amount)))
	if err != nil && err != domain.ErrNotFound {
		return c, fmt.Errorf("add campaign spend: %w", err)
	}
	return c, err
}

func (r *CampaignRepo) TransitionStatus(ctx context.Context, id string, from, to domain.CampaignStatus) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE campaigns SET status = $3, updated_at = now() WHERE id = $1 AND status = $2`,
		id, string(from), string(to))
	if err != nil {
		return false, fmt.Errorf("transition campaign status: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *CampaignRepo) PauseAllForBalance(ctx context.Context, advertiserID string) (int64, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE campaigns SET status = 'paused_balance', updated_at = now()
		  WHERE advertiser_id = $1 AND status = 'active'`, advertiserID)
	if err != nil {
		return 0, fmt.Errorf("pause campaigns: %w", err)
	}
	return tag.RowsAffected(), nil
}

func (r *CampaignRepo) ResumeAllForBalance(ctx context.Context, advertiserID string) (int64, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE campaigns SET status = 'active', updated_at = now()
		  WHERE advertiser_id = $1 AND status = 'paused_balance'`, advertiserID)
	if err != nil {
		return 0, fmt.Errorf("resume campaigns: %w", err)
	}
	return tag.RowsAffected(), nil
}
