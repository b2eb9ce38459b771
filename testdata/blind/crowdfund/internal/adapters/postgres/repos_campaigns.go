package postgres

import (
	"context"
	"time"

	"github.com/brightfund/crowdfund/internal/adapters/postgres/dbq"
	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type campaignRepo struct{ q *dbq.Queries }

var _ ports.CampaignRepository = campaignRepo{}

func (r campaignRepo) Create(ctx context.Context, c domain.Campaign) error {
	return wrap("create campaign", r.q.CreateCampaign(ctx, dbq.CreateCampaignParams{
		ID:        c.ID,
		CreatorID: c.CreatorID,
		Title:     c.Title,
		Blurb:     c.Blurb,
		Currency:  c.Currency,
		GoalCents: c.GoalCents,
		Deadline:  ts(c.Deadline),
	}))
}

func (r campaignRepo) Get(ctx context.Context, id string) (domain.Campaign, error) {
	row, err := r.q.GetCampaign(ctx, id)
	return one(row, err, toCampaign)
}

func (r campaignRepo) GetForUpdate(ctx context.Context, id string) (domain.Campaign, error) {
	row, err := r.q.GetCampaignForUpdate(ctx, id)
	return one(row, err, toCampaign)
}

func (r campaignRepo) Launch(ctx context.Context, id string, at time.Time) (bool, error) {
	n, err := r.q.LaunchCampaign(ctx, id, ts(at))
	return n == 1, wrap("launch campaign", err)
}

func (r campaignRepo) SetOutcome(ctx context.Context, id string, status domain.CampaignStatus, at time.Time) (bool, error) {
	n, err := r.q.SetCampaignOutcome(ctx, id, string(status), ts(at))
	return n == 1, wrap("set campaign outcome", err)
}

func (r campaignRepo) AddPledged(ctx context.Context, id string, delta int64) error {
	return wrap("add pledged", r.q.AddCampaignPledged(ctx, id, delta))
}

func (r campaignRepo) AddCollected(ctx context.Context, id string, delta int64) error {
	return wrap("add collected", r.q.AddCampaignCollected(ctx, id, delta))
}

func (r campaignRepo) SetPayoutAccount(ctx context.Context, id, beneficiaryRef, last4 string) error {
	return wrap("set payout account", r.q.SetCampaignPayoutAccount(ctx, id, beneficiaryRef, last4))
}

func (r campaignRepo) ListLiveEndingBefore(ctx context.Context, before time.Time) ([]domain.Campaign, error) {
	rows, err := r.q.ListLiveCampaignsEndingBefore(ctx, ts(before))
	return many(rows, err, toCampaign)
}

func (r campaignRepo) ListLiveEndingBetween(ctx context.Context, from, to time.Time) ([]domain.Campaign, error) {
	rows, err := r.q.ListLiveCampaignsEndingBetween(ctx, ts(from), ts(to))
	return many(rows, err, toCampaign)
}

type tierRepo struct{ q *dbq.Queries }

func (r tierRepo) Insert(ctx context.Context, t domain.RewardTier) (domain.RewardTier, bool, error) {
	row, created, err := inserted(r.q.InsertRewardTier(ctx, dbq.InsertRewardTierParams{
		ID:               t.ID,
		CampaignID:       t.CampaignID,
		Slug:             t.Slug,
		Title:            t.Title,
		Description:      t.Description,
		MinCents:         t.MinCents,
		LimitCount:       t.Limit,
		ShipsAt:          tsPtr(t.ShipsAt),
		RequiresShipping: t.RequiresShip,
	}))
	if err != nil {
		return domain.RewardTier{}, false, wrap("insert tier", err)
	}
	if !created {
		existing, err := r.q.GetRewardTierBySlug(ctx, t.CampaignID, t.Slug)
		tier, err := one(existing, err, toTier)
		return tier, false, err
	}
	return toTier(row), true, nil
}

func (r tierRepo) Get(ctx context.Context, id string) (domain.RewardTier, error) {
	row, err := r.q.GetRewardTier(ctx, id)
	return one(row, err, toTier)
}

func (r tierRepo) ListByCampaign(ctx context.Context, campaignID string) ([]domain.RewardTier, error) {
	rows, err := r.q.ListRewardTiers(ctx, campaignID)
	return many(rows, err, toTier)
}

func (r tierRepo) ClaimSlot(ctx context.Context, id string) (bool, error) {
	n, err := r.q.ClaimTierSlot(ctx, id)
	return n == 1, wrap("claim tier slot", err)
}

func (r tierRepo) ReleaseSlot(ctx context.Context, id string) error {
	return wrap("release tier slot", r.q.ReleaseTierSlot(ctx, id))
}

type stretchGoalRepo struct{ q *dbq.Queries }

func (r stretchGoalRepo) Create(ctx context.Context, g domain.StretchGoal) error {
	return wrap("create stretch goal", r.q.CreateStretchGoal(ctx, dbq.CreateStretchGoalParams{
		ID:             g.ID,
		CampaignID:     g.CampaignID,
		ThresholdCents: g.ThresholdCents,
		Title:          g.Title,
		Description:    g.Description,
	}))
}

type updateRepo struct{ q *dbq.Queries }

func (r updateRepo) Create(ctx context.Context, u domain.CampaignUpdate) error {
	return wrap("create campaign update", r.q.CreateCampaignUpdate(ctx, dbq.CreateCampaignUpdateParams{
		ID:         u.ID,
		CampaignID: u.CampaignID,
		AuthorID:   u.AuthorID,
		Title:      u.Title,
		Body:       u.Body,
		Recipients: int32(u.Recipients),
	}))
}
