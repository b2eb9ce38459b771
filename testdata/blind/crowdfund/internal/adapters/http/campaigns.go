package httpadapter

import (
	"context"
	"net/http"
	"time"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type campaignPath struct {
	CampaignID string `json:"-"`
}

func (p *campaignPath) bindPath(param func(string) string) { p.CampaignID = param("campaignID") }

type campaignView struct {
	ID             string     `json:"id"`
	CreatorID      string     `json:"creator_id"`
	Title          string     `json:"title"`
	Blurb          string     `json:"blurb"`
	Currency       string     `json:"currency"`
	GoalCents      int64      `json:"goal_cents"`
	PledgedCents   int64      `json:"pledged_cents"`
	CollectedCents int64      `json:"collected_cents"`
	Status         string     `json:"status"`
	Deadline       time.Time  `json:"deadline"`
	LaunchedAt     *time.Time `json:"launched_at,omitempty"`
	PayoutLast4    string     `json:"payout_account_last4,omitempty"`
	created        bool
}

func (v campaignView) StatusCode() int {
	if v.created {
		return http.StatusCreated
	}
	return http.StatusOK
}

func viewCampaign(c domain.Campaign) campaignView {
	return campaignView{
		ID:             c.ID,
		CreatorID:      c.CreatorID,
		Title:          c.Title,
		Blurb:          c.Blurb,
		Currency:       c.Currency,
		GoalCents:      c.GoalCents,
		PledgedCents:   c.PledgedCents,
		CollectedCents: c.CollectedCents,
		Status:         string(c.Status),
		Deadline:       c.Deadline,
		LaunchedAt:     c.LaunchedAt,
		PayoutLast4:    c.PayoutLast4,
	}
}

type CampaignHandlers struct {
	campaigns ports.CampaignUseCase
}

func NewCampaignHandlers(campaigns ports.CampaignUseCase) *CampaignHandlers {
	return &CampaignHandlers{campaigns: campaigns}
}

type createCampaignRequest struct {
	Title     string    `json:"title"`
	Blurb     string    `json:"blurb"`
	Currency  string    `json:"currency"`
	GoalCents int64     `json:"goal_cents"`
	Deadline  time.Time `json:"deadline"`
}

func (h *CampaignHandlers) create(ctx context.Context, req createCampaignRequest) (campaignView, error) {
	c, err := h.campaigns.Create(ctx, ports.NewCampaign{
		Title:     req.Title,
		Blurb:     req.Blurb,
		Currency:  req.Currency,
		GoalCents: req.GoalCents,
		Deadline:  req.Deadline,
	}, callOpts(ctx)...)
	if err != nil {
		return campaignView{}, err
	}
	v := viewCampaign(c)
	v.created = true
	return v, nil
}

type addTierRequest struct {
	campaignPath
	Slug         string     `json:"slug"`
	Title        string     `json:"title"`
	Description  string     `json:"description"`
	MinCents     int64      `json:"min_cents"`
	Limit        int32      `json:"limit"`
	ShipsAt      *time.Time `json:"ships_at"`
	RequiresShip *bool      `json:"requires_shipping"`
}

type tierView struct {
	ID        string `json:"id"`
	Slug      string `json:"slug"`
	Title     string `json:"title"`
	MinCents  int64  `json:"min_cents"`
	Limit     int32  `json:"limit"`
	Remaining int32  `json:"remaining"`
}

func (h *CampaignHandlers) addTier(ctx context.Context, req addTierRequest) (tierView, error) {
	ship := true
	if req.RequiresShip != nil {
		ship = *req.RequiresShip
	}
	t, err := h.campaigns.AddTier(ctx, req.CampaignID, ports.NewTier{
		Slug:         req.Slug,
		Title:        req.Title,
		Description:  req.Description,
		MinCents:     req.MinCents,
		Limit:        req.Limit,
		ShipsAt:      req.ShipsAt,
		RequiresShip: ship,
	}, callOpts(ctx)...)
	if err != nil {
		return tierView{}, err
	}
	return tierView{ID: t.ID, Slug: t.Slug, Title: t.Title, MinCents: t.MinCents, Limit: t.Limit, Remaining: t.Remaining()}, nil
}

func (h *CampaignHandlers) launch(ctx context.Context, req campaignPath) (campaignView, error) {
	c, err := h.campaigns.Launch(ctx, req.CampaignID, callOpts(ctx)...)
	if err != nil {
		return campaignView{}, err
	}
	return viewCampaign(c), nil
}

type stretchGoalRequest struct {
	campaignPath
	ThresholdCents int64  `json:"threshold_cents"`
	Title          string `json:"title"`
	Description    string `json:"description"`
}

type stretchGoalView struct {
	ID             string `json:"id"`
	ThresholdCents int64  `json:"threshold_cents"`
	Title          string `json:"title"`
}

func (h *CampaignHandlers) addStretchGoal(ctx context.Context, req stretchGoalRequest) (stretchGoalView, error) {
	g, err := h.campaigns.AddStretchGoal(ctx, req.CampaignID, ports.NewStretchGoal{
		ThresholdCents: req.ThresholdCents,
		Title:          req.Title,
		Description:    req.Description,
	}, callOpts(ctx)...)
	if err != nil {
		return stretchGoalView{}, err
	}
	return stretchGoalView{ID: g.ID, ThresholdCents: g.ThresholdCents, Title: g.Title}, nil
}

type postUpdateRequest struct {
	campaignPath
	Title string `json:"title"`
	Body  string `json:"body"`
}

type updateView struct {
	ID         string    `json:"id"`
	Recipients int       `json:"recipients"`
	CreatedAt  time.Time `json:"created_at"`
}

func (h *CampaignHandlers) postUpdate(ctx context.Context, req postUpdateRequest) (updateView, error) {
	u, err := h.campaigns.PostUpdate(ctx, req.CampaignID, ports.NewUpdate{Title: req.Title, Body: req.Body}, callOpts(ctx)...)
	if err != nil {
		return updateView{}, err
	}
	return updateView{ID: u.ID, Recipients: u.Recipients, CreatedAt: u.CreatedAt}, nil
}

type payoutAccountRequest struct {
	campaignPath
	HolderName    string `json:"holder_name"`
	IBAN          string `json:"iban"`
	AccountNumber string `json:"account_number"`
	SortCode      string `json:"sort_code"`
	Country       string `json:"country"`
}

func (h *CampaignHandlers) setPayoutAccount(ctx context.Context, req payoutAccountRequest) (campaignView, error) {
	c, err := h.campaigns.SetPayoutAccount(ctx, req.CampaignID, ports.PayoutAccount{
		HolderName:    req.HolderName,
		IBAN:          req.IBAN,
		AccountNumber: req.AccountNumber,
		SortCode:      req.SortCode,
		Country:       req.Country,
	}, callOpts(ctx)...)
	if err != nil {
		return campaignView{}, err
	}
	return viewCampaign(c), nil
}
