package httpadapter

import (
	"context"
	"time"

	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/core/services"
)

type AdminHandlers struct {
	settlement ports.SettlementUseCase
	payouts    ports.PayoutUseCase
	fulfilment ports.FulfilmentUseCase
}

func NewAdminHandlers(settlement ports.SettlementUseCase, payouts ports.PayoutUseCase, fulfilment ports.FulfilmentUseCase) *AdminHandlers {
	return &AdminHandlers{settlement: settlement, payouts: payouts, fulfilment: fulfilment}
}

func (h *AdminHandlers) close(ctx context.Context, req campaignPath) (campaignView, error) {
	c, err := h.settlement.Close(ctx, req.CampaignID, callOpts(ctx)...)
	if err != nil {
		return campaignView{}, err
	}
	return viewCampaign(c), nil
}

type payoutView struct {
	ID          string `json:"id"`
	CampaignID  string `json:"campaign_id"`
	AmountCents int64  `json:"amount_cents"`
	FeeCents    int64  `json:"fee_cents"`
	Status      string `json:"status"`
}

func (h *AdminHandlers) requestPayout(ctx context.Context, req campaignPath) (payoutView, error) {
	p, err := h.payouts.Request(ctx, req.CampaignID, callOpts(ctx)...)
	if err != nil {
		return payoutView{}, err
	}
	return payoutView{ID: p.ID, CampaignID: p.CampaignID, AmountCents: p.AmountCents, FeeCents: p.FeeCents, Status: string(p.Status)}, nil
}

type fulfilmentRequest struct {
	campaignPath
	PickupDate time.Time `json:"pickup_date"`
}

type fulfilmentView struct {
	Queued int `json:"queued"`
}

func (h *AdminHandlers) startFulfilment(ctx context.Context, req fulfilmentRequest) (fulfilmentView, error) {
	n, err := h.fulfilment.Start(ctx, req.CampaignID, req.PickupDate, callOpts(ctx)...)
	if err != nil {
		return fulfilmentView{}, err
	}
	return fulfilmentView{Queued: n}, nil
}

type refundRequest struct {
	pledgePath
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

type refundView struct {
	ID             string `json:"id"`
	PledgeID       string `json:"pledge_id"`
	AmountCents    int64  `json:"amount_cents"`
	Status         string `json:"status"`
	StripeRefundID string `json:"stripe_refund_id,omitempty"`
}

func (h *AdminHandlers) refund(ctx context.Context, req refundRequest) (refundView, error) {
	rf, err := h.settlement.Refund(ctx, req.PledgeID, req.AmountCents, callOpts(ctx, services.WithReason(req.Reason))...)
	if err != nil {
		return refundView{}, err
	}
	return refundView{
		ID:             rf.ID,
		PledgeID:       rf.PledgeID,
		AmountCents:    rf.AmountCents,
		Status:         string(rf.Status),
		StripeRefundID: rf.StripeRefundID,
	}, nil
}
