package httpapi

import (
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/claims"
	"github.com/harborline/claims/internal/platform/httpx"
)

// ClaimsHandler serves claim lifecycle endpoints.
type ClaimsHandler struct {
	svc ClaimService
}

// NewClaimsHandler builds a ClaimsHandler.
func NewClaimsHandler(svc ClaimService) *ClaimsHandler { return &ClaimsHandler{svc: svc} }

// ClaimView is the public representation of a claim.
type ClaimView struct {
	ID                  uuid.UUID `json:"id"`
	Number              string    `json:"number"`
	PolicyNumber        string    `json:"policy_number"`
	Status              string    `json:"status"`
	LossType            string    `json:"loss_type"`
	LossDate            string    `json:"loss_date"`
	ReserveTotalCents   int64     `json:"reserve_total_cents"`
	PaidTotalCents      int64     `json:"paid_total_cents"`
	RecoveredTotalCents int64     `json:"recovered_total_cents"`
}

func viewClaim(c claims.Claim) ClaimView {
	return ClaimView{
		ID:                  c.ID,
		Number:              c.Number,
		PolicyNumber:        c.PolicyNumber,
		Status:              string(c.Status),
		LossType:            c.LossType,
		LossDate:            c.LossDate.Format(time.DateOnly),
		ReserveTotalCents:   c.ReserveTotalCents,
		PaidTotalCents:      c.PaidTotalCents,
		RecoveredTotalCents: c.RecoveredTotalCents,
	}
}

// ReportLossRequest is the FNOL body.
type ReportLossRequest struct {
	PolicyNumber          string `json:"policy_number"`
	LossType              string `json:"loss_type"`
	LossDate              string `json:"loss_date"`
	Description           string `json:"description"`
	ClaimantName          string `json:"claimant_name"`
	ClaimantEmail         string `json:"claimant_email"`
	ClaimantStripeAccount string `json:"claimant_stripe_account"`
	AtFaultParty          string `json:"at_fault_party"`
	BrokerWebhookURL      string `json:"broker_webhook_url"`
}

// Validate implements httpx.Validator.
func (r *ReportLossRequest) Validate() error {
	if r.PolicyNumber == "" || r.LossType == "" || r.ClaimantEmail == "" {
		return errors.New("policy_number, loss_type and claimant_email are required")
	}
	if _, err := time.Parse(time.DateOnly, r.LossDate); err != nil {
		return errors.New("loss_date must be YYYY-MM-DD")
	}
	return nil
}

// ReportLoss handles POST /v1/fnol.
func (h *ClaimsHandler) ReportLoss(r *http.Request, req ReportLossRequest) (ClaimView, error) {
	lossDate, _ := time.Parse(time.DateOnly, req.LossDate)
	c, err := h.svc.ReportLoss(r.Context(), claims.ReportLossCmd{
		IdempotencyKey:        httpx.IdempotencyKey(r),
		PolicyNumber:          req.PolicyNumber,
		LossType:              req.LossType,
		LossDate:              lossDate,
		Description:           req.Description,
		ClaimantName:          req.ClaimantName,
		ClaimantEmail:         req.ClaimantEmail,
		ClaimantStripeAccount: req.ClaimantStripeAccount,
		AtFaultParty:          req.AtFaultParty,
		BrokerWebhookURL:      req.BrokerWebhookURL,
	})
	if err != nil {
		return ClaimView{}, err
	}
	return viewClaim(c), nil
}

// Get handles GET /v1/claims/{claimID}.
func (h *ClaimsHandler) Get(r *http.Request, _ httpx.Empty) (ClaimView, error) {
	id, err := pathUUID(r, "claimID")
	if err != nil {
		return ClaimView{}, err
	}
	c, err := h.svc.Get(r.Context(), id)
	if err != nil {
		return ClaimView{}, err
	}
	return viewClaim(c), nil
}

// AssignRequest assigns an adjuster.
type AssignRequest struct {
	AdjusterID uuid.UUID `json:"adjuster_id"`
	Role       string    `json:"role"`
	AssignedBy string    `json:"assigned_by"`
}

// AssignmentView is the created assignment.
type AssignmentView struct {
	ClaimID    uuid.UUID `json:"claim_id"`
	AdjusterID uuid.UUID `json:"adjuster_id"`
	Role       string    `json:"role"`
}

// Assign handles POST /v1/claims/{claimID}/assignments.
func (h *ClaimsHandler) Assign(r *http.Request, req AssignRequest) (AssignmentView, error) {
	id, err := pathUUID(r, "claimID")
	if err != nil {
		return AssignmentView{}, err
	}
	if req.Role == "" {
		req.Role = "primary"
	}
	a, err := h.svc.AssignAdjuster(r.Context(), claims.AssignCmd{
		ClaimID: id, AdjusterID: req.AdjusterID, Role: req.Role, AssignedBy: req.AssignedBy,
	})
	if err != nil {
		return AssignmentView{}, err
	}
	return AssignmentView{ClaimID: a.ClaimID, AdjusterID: a.AdjusterID, Role: a.Role}, nil
}

// CloseRequest closes a claim.
type CloseRequest struct {
	Reason string `json:"reason"`
}

// Close handles POST /v1/claims/{claimID}/close.
func (h *ClaimsHandler) Close(r *http.Request, req CloseRequest) (ClaimView, error) {
	id, err := pathUUID(r, "claimID")
	if err != nil {
		return ClaimView{}, err
	}
	c, err := h.svc.Close(r.Context(), id, req.Reason)
	if err != nil {
		return ClaimView{}, err
	}
	return viewClaim(c), nil
}

// ReopenRequest reopens a claim.
type ReopenRequest struct {
	ReserveCents int64  `json:"reserve_cents"`
	ReopenedBy   string `json:"reopened_by"`
}

// Reopen handles POST /v1/claims/{claimID}/reopen.
func (h *ClaimsHandler) Reopen(r *http.Request, req ReopenRequest) (ClaimView, error) {
	id, err := pathUUID(r, "claimID")
	if err != nil {
		return ClaimView{}, err
	}
	c, err := h.svc.Reopen(r.Context(), claims.ReopenCmd{ClaimID: id, ReserveCents: req.ReserveCents, ReopenedBy: req.ReopenedBy})
	if err != nil {
		return ClaimView{}, err
	}
	return viewClaim(c), nil
}
