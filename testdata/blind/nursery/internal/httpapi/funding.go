package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/httpx"
	"github.com/acornlane-childcare/nursery/internal/service/funding"
)

type FundingService interface {
	SaveDraft(ctx context.Context, in funding.DraftInput) (db.FundedHoursClaim, error)
	RequestSubmission(ctx context.Context, claimID uuid.UUID) (db.FundedHoursClaim, error)
}

// FundingHandler serves the funded-hours screens of the back office.
type FundingHandler struct {
	funding FundingService
	log     *slog.Logger
}

func NewFundingHandler(f FundingService, log *slog.Logger) *FundingHandler {
	return &FundingHandler{funding: f, log: log}
}

type draftClaimRequest struct {
	ChildID      uuid.UUID `json:"child_id" binding:"required"`
	NurseryID    uuid.UUID `json:"nursery_id" binding:"required"`
	Term         string    `json:"term" binding:"required"`
	HoursPerWeek float64   `json:"hours_per_week" binding:"required"`
}

// SaveDraft handles POST /v1/funding/claims.
func (h *FundingHandler) SaveDraft(c *gin.Context) {
	var req draftClaimRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	claim, err := h.funding.SaveDraft(c.Request.Context(), funding.DraftInput{
		ChildID:      req.ChildID,
		NurseryID:    req.NurseryID,
		Term:         req.Term,
		HoursPerWeek: req.HoursPerWeek,
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, claim)
}

// Submit handles POST /v1/funding/claims/:claimID/submit. Submission to the
// council happens in the worker; this only queues it.
func (h *FundingHandler) Submit(c *gin.Context) {
	claimID, ok := httpx.UUIDParam(c, "claimID")
	if !ok {
		return
	}
	claim, err := h.funding.RequestSubmission(c.Request.Context(), claimID)
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusAccepted, claim)
}
