package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborlight-symphony/encore/internal/development"
	"github.com/harborlight-symphony/encore/internal/domain"
)

// Development is the annual fund API's view of the domain.
type Development interface {
	CreatePledge(ctx context.Context, in development.NewPledge) (*domain.Pledge, error)
	PayByCard(ctx context.Context, pledgeID string, in development.CardPayment) (*domain.PledgePayment, error)
	SubmitMatchingGift(ctx context.Context, pledgeID string) (*domain.MatchingClaim, error)
}

type pledgeHandlers struct {
	dev Development
}

type createPledgeBody struct {
	DonorID      string `json:"donor_id" binding:"required"`
	CampaignCode string `json:"campaign_code" binding:"required"`
	AmountCents  int64  `json:"amount_cents" binding:"required"`
	Employer     string `json:"employer"`
	Anonymous    bool   `json:"anonymous"`
}

func (h *pledgeHandlers) create(c *gin.Context) {
	body, ok := bind[createPledgeBody](c)
	if !ok {
		return
	}
	p, err := h.dev.CreatePledge(c.Request.Context(), development.NewPledge{
		DonorID:      body.DonorID,
		CampaignCode: body.CampaignCode,
		AmountCents:  body.AmountCents,
		Employer:     body.Employer,
		Anonymous:    body.Anonymous,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"id":            p.ID,
		"campaign_code": p.CampaignCode,
		"amount_cents":  p.AmountCents,
		"status":        p.Status,
	})
}

type payPledgeBody struct {
	AmountCents     int64  `json:"amount_cents" binding:"required"`
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
}

func (h *pledgeHandlers) pay(c *gin.Context) {
	body, ok := bind[payPledgeBody](c)
	if !ok {
		return
	}
	pay, err := h.dev.PayByCard(c.Request.Context(), c.Param("id"), development.CardPayment{
		AmountCents:     body.AmountCents,
		PaymentMethodID: body.PaymentMethodID,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"payment_id":        pay.ID,
		"payment_intent_id": pay.PaymentIntentID,
		"amount_cents":      pay.AmountCents,
	})
}

func (h *pledgeHandlers) matchingGift(c *gin.Context) {
	claim, err := h.dev.SubmitMatchingGift(c.Request.Context(), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{
		"claim_id":         claim.ID,
		"partner_claim_id": claim.PartnerClaimID,
		"status":           claim.Status,
	})
}
