package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/brightsmile-dental/practiceops/internal/booking"
)

// AppointmentHandler serves the booking endpoints used by the front desk
// and the online scheduler.
type AppointmentHandler struct {
	svc booking.Service
}

// NewAppointmentHandler returns the handler.
func NewAppointmentHandler(svc booking.Service) *AppointmentHandler {
	return &AppointmentHandler{svc: svc}
}

type bookRequest struct {
	PracticeID      uuid.UUID `json:"practice_id" binding:"required"`
	PatientID       uuid.UUID `json:"patient_id" binding:"required"`
	AssociateID     uuid.UUID `json:"associate_id" binding:"required"`
	OperatoryID     uuid.UUID `json:"operatory_id" binding:"required"`
	StartsAt        time.Time `json:"starts_at" binding:"required"`
	DurationMinutes int       `json:"duration_minutes" binding:"required,min=15,max=480"`
	ProcedureCode   string    `json:"procedure_code" binding:"required"`
	PaymentMethodID string    `json:"payment_method_id"`
}

type bookResponse struct {
	AppointmentID string `json:"appointment_id"`
	Status        string `json:"status"`
	DepositCents  int64  `json:"deposit_cents"`
}

var errMissingKey = errors.New("Idempotency-Key header is required")

// Book handles POST /v1/appointments.
func (h *AppointmentHandler) Book(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		badRequest(c, errMissingKey)
		return
	}
	var req bookRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.Book(c.Request.Context(), booking.BookInput{
		RequestKey:      key,
		PracticeID:      req.PracticeID,
		PatientID:       req.PatientID,
		AssociateID:     req.AssociateID,
		OperatoryID:     req.OperatoryID,
		StartsAt:        req.StartsAt,
		Duration:        time.Duration(req.DurationMinutes) * time.Minute,
		ProcedureCode:   req.ProcedureCode,
		PaymentMethodID: req.PaymentMethodID,
	})
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusCreated
	if out.Replayed {
		status = http.StatusOK
	}
	c.JSON(status, bookResponse{AppointmentID: out.AppointmentID, Status: out.Status, DepositCents: out.DepositCents})
}

type cancelRequest struct {
	Reason      string `json:"reason"`
	CancelledBy string `json:"cancelled_by" binding:"required"`
}

// Cancel handles POST /v1/appointments/:id/cancel.
func (h *AppointmentHandler) Cancel(c *gin.Context) {
	var req cancelRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.Cancel(c.Request.Context(), booking.CancelInput{
		AppointmentID: c.Param("id"),
		Reason:        req.Reason,
		CancelledBy:   req.CancelledBy,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{
		"appointment_id": out.AppointmentID,
		"status":         out.Status,
		"refunded_cents": out.RefundedCents,
	})
}
