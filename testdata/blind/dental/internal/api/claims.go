package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/brightsmile-dental/practiceops/internal/claims"
	"github.com/brightsmile-dental/practiceops/internal/models"
)

// ClaimsHandler serves claim creation and submission for the billing team.
type ClaimsHandler struct {
	svc claims.Service
}

// NewClaimsHandler returns the handler.
func NewClaimsHandler(svc claims.Service) *ClaimsHandler {
	return &ClaimsHandler{svc: svc}
}

type createClaimRequest struct {
	PracticeID    uuid.UUID              `json:"practice_id" binding:"required"`
	PatientID     uuid.UUID              `json:"patient_id" binding:"required"`
	AssociateID   uuid.UUID              `json:"associate_id" binding:"required"`
	EncounterID   uuid.UUID              `json:"encounter_id" binding:"required"`
	PayerID       string                 `json:"payer_id" binding:"required"`
	PayerSequence string                 `json:"payer_sequence" binding:"required"`
	Subscriber    models.Subscriber      `json:"subscriber" binding:"required"`
	Lines         []models.ClaimLine     `json:"lines" binding:"required,min=1,dive"`
	Documents     []models.ClaimDocument `json:"documents"`
	SubmitNow     bool                   `json:"submit_now"`
}

// Create handles POST /v1/claims.
func (h *ClaimsHandler) Create(c *gin.Context) {
	var req createClaimRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.CreateClaim(c.Request.Context(), claims.CreateClaimInput{
		PracticeID:    req.PracticeID,
		PatientID:     req.PatientID,
		AssociateID:   req.AssociateID,
		EncounterID:   req.EncounterID,
		PayerID:       req.PayerID,
		PayerSequence: req.PayerSequence,
		Subscriber:    req.Subscriber,
		Lines:         req.Lines,
		Documents:     req.Documents,
		SubmitNow:     req.SubmitNow,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"claim_id":    out.ClaimID,
		"status":      out.Status,
		"total_cents": out.TotalCents,
		"workflow_id": out.WorkflowID,
	})
}

// Submit handles POST /v1/claims/:id/submit.
func (h *ClaimsHandler) Submit(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.SubmitClaim(c.Request.Context(), claims.SubmitClaimInput{ClaimID: id})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"claim_id": out.ClaimID, "workflow_id": out.WorkflowID, "run_id": out.RunID})
}
