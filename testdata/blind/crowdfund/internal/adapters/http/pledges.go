package httpadapter

import (
	"context"
	"net/http"
	"time"

	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type pledgePath struct {
	PledgeID string `json:"-"`
}

func (p *pledgePath) bindPath(param func(string) string) { p.PledgeID = param("pledgeID") }

type pledgeView struct {
	ID          string    `json:"id"`
	CampaignID  string    `json:"campaign_id"`
	TierID      string    `json:"tier_id,omitempty"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	Status      string    `json:"status"`
	CreatedAt   time.Time `json:"created_at"`
	created     bool
}

func (v pledgeView) StatusCode() int {
	if v.created {
		return http.StatusCreated
	}
	return http.StatusOK
}

func viewPledge(p domain.Pledge) pledgeView {
	return pledgeView{
		ID:          p.ID,
		CampaignID:  p.CampaignID,
		TierID:      p.TierID,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Status:      string(p.Status),
		CreatedAt:   p.CreatedAt,
	}
}

type PledgeHandlers struct {
	pledges    ports.PledgeUseCase
	fulfilment ports.FulfilmentUseCase
}

func NewPledgeHandlers(pledges ports.PledgeUseCase, fulfilment ports.FulfilmentUseCase) *PledgeHandlers {
	return &PledgeHandlers{pledges: pledges, fulfilment: fulfilment}
}

type createPledgeRequest struct {
	campaignPath
	TierID        string `json:"tier_id"`
	AmountCents   int64  `json:"amount_cents"`
	PaymentMethod string `json:"payment_method"`
}

func (h *PledgeHandlers) create(ctx context.Context, req createPledgeRequest) (pledgeView, error) {
	p, err := h.pledges.Create(ctx, req.CampaignID, ports.NewPledge{
		TierID:        req.TierID,
		AmountCents:   req.AmountCents,
		PaymentMethod: req.PaymentMethod,
	}, callOpts(ctx)...)
	if err != nil {
		return pledgeView{}, err
	}
	v := viewPledge(p)
	v.created = true
	return v, nil
}

type upgradeRequest struct {
	pledgePath
	DeltaCents int64 `json:"delta_cents"`
}

func (h *PledgeHandlers) upgrade(ctx context.Context, req upgradeRequest) (pledgeView, error) {
	p, err := h.pledges.Upgrade(ctx, req.PledgeID, req.DeltaCents, callOpts(ctx)...)
	if err != nil {
		return pledgeView{}, err
	}
	return viewPledge(p), nil
}

type changeTierRequest struct {
	pledgePath
	TierID string `json:"tier_id"`
}

func (h *PledgeHandlers) changeTier(ctx context.Context, req changeTierRequest) (pledgeView, error) {
	p, err := h.pledges.ChangeTier(ctx, req.PledgeID, req.TierID, callOpts(ctx)...)
	if err != nil {
		return pledgeView{}, err
	}
	return viewPledge(p), nil
}

type addonRequest struct {
	pledgePath
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
}

type addonView struct {
	ID         string `json:"id"`
	SKU        string `json:"sku"`
	Quantity   int32  `json:"quantity"`
	TotalCents int64  `json:"total_cents"`
}

func (addonView) StatusCode() int { return http.StatusCreated }

func (h *PledgeHandlers) addAddon(ctx context.Context, req addonRequest) (addonView, error) {
	a, err := h.pledges.AddAddon(ctx, req.PledgeID, ports.NewAddon{SKU: req.SKU, Quantity: req.Quantity}, callOpts(ctx)...)
	if err != nil {
		return addonView{}, err
	}
	return addonView{ID: a.ID, SKU: a.SKU, Quantity: a.Quantity, TotalCents: a.TotalCents()}, nil
}

type addressRequest struct {
	pledgePath
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
	Phone      string `json:"phone"`
}

func (h *PledgeHandlers) setAddress(ctx context.Context, req addressRequest) (empty, error) {
	return empty{}, h.pledges.SetShippingAddress(ctx, req.PledgeID, domain.ShippingAddress{
		Name:       req.Name,
		Line1:      req.Line1,
		Line2:      req.Line2,
		City:       req.City,
		Region:     req.Region,
		PostalCode: req.PostalCode,
		Country:    req.Country,
		Phone:      req.Phone,
	}, callOpts(ctx)...)
}

func (h *PledgeHandlers) cancel(ctx context.Context, req pledgePath) (pledgeView, error) {
	p, err := h.pledges.Cancel(ctx, req.PledgeID, callOpts(ctx)...)
	if err != nil {
		return pledgeView{}, err
	}
	return viewPledge(p), nil
}

type returnRequest struct {
	pledgePath
	Reason string `json:"reason"`
}

type returnView struct {
	LabelID  string `json:"label_id"`
	LabelURL string `json:"label_url"`
}

func (h *PledgeHandlers) requestReturn(ctx context.Context, req returnRequest) (returnView, error) {
	sh, err := h.fulfilment.RequestReturn(ctx, req.PledgeID, req.Reason, callOpts(ctx)...)
	if err != nil {
		return returnView{}, err
	}
	return returnView{LabelID: sh.ReturnLabelID, LabelURL: sh.ReturnLabelURL}, nil
}
