package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/meridianrail/bookings/internal/service/booking"
)

// BookingHandler serves the booking lifecycle.
type BookingHandler struct {
	Bookings      BookingService
	Notifications NotificationService
	Log           *slog.Logger
}

type createBookingRequest struct {
	HoldID          string `json:"hold_id" binding:"required,uuid"`
	CustomerID      string `json:"customer_id" binding:"required"`
	ContactEmail    string `json:"contact_email" binding:"required,email"`
	ContactPhone    string `json:"contact_phone"`
	LoyaltyMemberID string `json:"loyalty_member_id"`
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
}

// Create handles POST /v1/bookings.
func (h *BookingHandler) Create(c *gin.Context) {
	var req createBookingRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	res, err := h.Bookings.Create(c.Request.Context(), booking.CreateInput{
		IdempotencyKey:  c.GetHeader(headerIdempotencyKey),
		HoldID:          req.HoldID,
		CustomerID:      req.CustomerID,
		ContactEmail:    req.ContactEmail,
		ContactPhone:    req.ContactPhone,
		LoyaltyMemberID: req.LoyaltyMemberID,
		PaymentMethodID: req.PaymentMethodID,
	})
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, res)
}

// Get handles GET /v1/bookings/:id.
func (h *BookingHandler) Get(c *gin.Context) {
	b, err := h.Bookings.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, b)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel handles POST /v1/bookings/:id/cancel.
func (h *BookingHandler) Cancel(c *gin.Context) {
	var req cancelRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if req.Reason == "" {
		req.Reason = "customer_request"
	}
	res, err := h.Bookings.Cancel(c.Request.Context(), c.Param("id"), req.Reason)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason      string `json:"reason" binding:"required"`
	AgentID     string `json:"agent_id" binding:"required"`
}

// Refund handles POST /v1/bookings/:id/refunds.
func (h *BookingHandler) Refund(c *gin.Context) {
	var req refundRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	r, err := h.Bookings.RequestRefund(c.Request.Context(), booking.RefundInput{
		IdempotencyKey: c.GetHeader(headerIdempotencyKey),
		BookingID:      c.Param("id"),
		AmountCents:    req.AmountCents,
		Reason:         req.Reason,
		AgentID:        req.AgentID,
	})
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"refund_id": r.ID, "status": r.Status, "amount_cents": r.AmountCents})
}

// ResendTickets handles POST /v1/bookings/:id/tickets/resend.
func (h *BookingHandler) ResendTickets(c *gin.Context) {
	n, err := h.Notifications.ResendTickets(c.Request.Context(), c.GetHeader(headerIdempotencyKey), c.Param("id"))
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"notification_id": n.ID, "status": n.Status})
}
