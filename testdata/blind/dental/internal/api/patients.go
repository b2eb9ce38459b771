package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/patients"
)

// PatientHandler serves patient registration.
type PatientHandler struct {
	svc patients.Service
}

// NewPatientHandler returns the handler.
func NewPatientHandler(svc patients.Service) *PatientHandler {
	return &PatientHandler{svc: svc}
}

type registerRequest struct {
	PracticeID     uuid.UUID       `json:"practice_id" binding:"required"`
	FirstName      string          `json:"first_name" binding:"required"`
	LastName       string          `json:"last_name" binding:"required"`
	DateOfBirth    string          `json:"date_of_birth" binding:"required"`
	PhoneE164      string          `json:"phone" binding:"required,e164"`
	Email          string          `json:"email" binding:"omitempty,email"`
	MailingAddress *models.Address `json:"mailing_address"`
	SMSOptIn       bool            `json:"sms_opt_in"`
}

// Register handles POST /v1/patients.
func (h *PatientHandler) Register(c *gin.Context) {
	var req registerRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	dob, err := time.Parse(time.DateOnly, req.DateOfBirth)
	if err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.Register(c.Request.Context(), patients.RegisterInput{
		PracticeID:     req.PracticeID,
		FirstName:      req.FirstName,
		LastName:       req.LastName,
		DateOfBirth:    dob,
		PhoneE164:      req.PhoneE164,
		Email:          req.Email,
		MailingAddress: req.MailingAddress,
		SMSOptIn:       req.SMSOptIn,
	})
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusOK
	if out.Created {
		status = http.StatusCreated
	}
	c.JSON(status, gin.H{"patient_id": out.PatientID})
}
