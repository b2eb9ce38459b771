package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/billing"
	"github.com/renalnet/dialysis-ops/internal/queue"
)

// POST /v1/claims/:claimID/submit
func (a *API) submitClaim(c *gin.Context) {
	claimID, ok := pathID(c, "claimID")
	if !ok {
		return
	}
	sub, err := a.Billing.QueueSubmission(c.Request.Context(), claimID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, sub)
}

type replacementRequest struct {
	CoverageID uuid.UUID `json:"coverage_id" binding:"required"`
	Lines      []struct {
		HCPCS       string `json:"hcpcs" binding:"required"`
		Modifiers   string `json:"modifiers"`
		Units       int32  `json:"units" binding:"required,min=1"`
		ChargeCents int64  `json:"charge_cents" binding:"required,min=0"`
	} `json:"lines" binding:"required,min=1,dive"`
}

// POST /v1/claims/:claimID/replacement
//
// Billers use this after a payer denial or a 277CA rejection: the claim is
// corrected in place and a replacement claim (frequency 7) is queued.
func (a *API) replaceClaim(c *gin.Context) {
	claimID, ok := pathID(c, "claimID")
	if !ok {
		return
	}
	var req replacementRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	corr := billing.Correction{CoverageID: req.CoverageID}
	for _, l := range req.Lines {
		corr.Lines = append(corr.Lines, billing.CorrectedLine{
			HCPCS: l.HCPCS, Modifiers: l.Modifiers, Units: l.Units, ChargeCents: l.ChargeCents,
		})
	}
	ctx := c.Request.Context()
	claim, err := a.Billing.PrepareReplacement(ctx, claimID, corr)
	if err != nil {
		writeError(c, err)
		return
	}
	task, err := queue.NewClaimResubmitTask(claim.ID, staffID(c))
	if err != nil {
		writeError(c, err)
		return
	}
	if err := a.Tasks.Enqueue(ctx, task, queue.TracedID("resubmit")); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, claim)
}

type adjustmentRequest struct {
	ReasonCode  string `json:"reason_code" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Note        string `json:"note"`
}

// POST /v1/claims/:claimID/adjustments (behind the Idempotency middleware)
func (a *API) addAdjustment(c *gin.Context) {
	claimID, ok := pathID(c, "claimID")
	if !ok {
		return
	}
	var req adjustmentRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	adj, err := a.Billing.AddAdjustment(c.Request.Context(), claimID, billing.AdjustmentInput{
		ReasonCode:  req.ReasonCode,
		AmountCents: req.AmountCents,
		Note:        req.Note,
		CreatedBy:   staffID(c),
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, adj)
}
