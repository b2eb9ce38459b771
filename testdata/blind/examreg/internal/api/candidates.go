package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/rs/xid"

	"github.com/lexicaassess/examreg/internal/commands"
	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/bus"
	"github.com/lexicaassess/examreg/internal/service/registration"
)

// ProfileSaver creates or updates candidate profiles.
type ProfileSaver interface {
	SaveProfile(ctx context.Context, in registration.ProfileInput) (string, error)
}

// AccommodationSubmitter files special-arrangements requests.
type AccommodationSubmitter interface {
	SubmitAccommodation(ctx context.Context, candidateID string, req *model.AccommodationRequest) error
}

// CandidateHandlers serves the candidate-facing API.
type CandidateHandlers struct {
	bus           *bus.Bus
	profiles      ProfileSaver
	accommodation AccommodationSubmitter
}

type profileBody struct {
	Email       string `json:"email" binding:"required,email"`
	GivenName   string `json:"given_name" binding:"required"`
	FamilyName  string `json:"family_name" binding:"required"`
	Phone       string `json:"phone"`
	DateOfBirth string `json:"date_of_birth"`
	Address     struct {
		Line1      string `json:"line1"`
		Line2      string `json:"line2"`
		City       string `json:"city"`
		PostalCode string `json:"postal_code"`
		Country    string `json:"country"`
	} `json:"address"`
}

// SaveProfile handles POST /v1/candidates.
func (h *CandidateHandlers) SaveProfile(c *gin.Context) {
	var body profileBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	in := registration.ProfileInput{
		Email: body.Email, GivenName: body.GivenName, FamilyName: body.FamilyName, Phone: body.Phone,
		Line1: body.Address.Line1, Line2: body.Address.Line2, City: body.Address.City,
		PostalCode: body.Address.PostalCode, Country: body.Address.Country,
	}
	if body.DateOfBirth != "" {
		dob, err := time.Parse("2006-01-02", body.DateOfBirth)
		if err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": "date_of_birth must be YYYY-MM-DD"})
			return
		}
		in.DateOfBirth = &dob
	}
	id, err := h.profiles.SaveProfile(c.Request.Context(), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"candidate_id": id})
}

type registerBody struct {
	SessionID      string `json:"session_id" binding:"required,uuid"`
	Accommodations string `json:"accommodations"`
}

// Register handles POST /v1/registrations.
func (h *CandidateHandlers) Register(c *gin.Context) {
	var body registerBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	cmd := &commands.RegisterForSession{
		CandidateID:    c.GetString(ctxCandidate),
		SessionID:      body.SessionID,
		Accommodations: body.Accommodations,
	}
	if err := bus.Dispatch(c.Request.Context(), h.bus, cmd); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"registration_id": cmd.Registration.ID,
		"status":          cmd.Registration.Status,
		"hold_expires_at": cmd.Hold.ExpiresAt,
	})
}

// StartFee handles POST /v1/registrations/:id/fee-intent.
func (h *CandidateHandlers) StartFee(c *gin.Context) {
	cmd := &commands.StartFeePayment{RegistrationID: c.Param("id"), CandidateID: c.GetString(ctxCandidate)}
	if err := bus.Dispatch(c.Request.Context(), h.bus, cmd); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{
		"payment_intent": cmd.Fee.IntentID,
		"client_secret":  cmd.Fee.ClientSecret,
		"amount_minor":   cmd.Fee.AmountMinor,
		"currency":       cmd.Fee.Currency,
	})
}

// Withdraw handles POST /v1/registrations/:id/withdraw.
func (h *CandidateHandlers) Withdraw(c *gin.Context) {
	cmd := &commands.WithdrawRegistration{RegistrationID: c.Param("id"), CandidateID: c.GetString(ctxCandidate)}
	if err := bus.Dispatch(c.Request.Context(), h.bus, cmd); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{
		"status":       model.RegWithdrawn,
		"refund_minor": cmd.Outcome.RefundMinor,
		"currency":     cmd.Outcome.Currency,
	})
}

type accommodationBody struct {
	Kind        string `json:"kind" binding:"required,oneof=extra_time ground_floor modified_paper reader scribe other"`
	Details     string `json:"details" binding:"required,max=2000"`
	EvidenceURL string `json:"evidence_url" binding:"omitempty,url"`
}

// RequestAccommodation handles POST /v1/registrations/:id/accommodations.
func (h *CandidateHandlers) RequestAccommodation(c *gin.Context) {
	var body accommodationBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	req := &model.AccommodationRequest{
		ID:             "acc_" + xid.New().String(),
		RegistrationID: c.Param("id"),
		Kind:           body.Kind,
		Details:        body.Details,
	}
	if body.EvidenceURL != "" {
		req.EvidenceURL = &body.EvidenceURL
	}
	if err := h.accommodation.SubmitAccommodation(c.Request.Context(), c.GetString(ctxCandidate), req); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"request_id": req.ID, "status": req.Status})
}
