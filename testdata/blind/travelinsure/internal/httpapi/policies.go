package httpapi

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/skyguard-travel/policyhub/internal/idempotency"
	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/policies"
)

type policyHandlers struct {
	svc policies.Service
	log *slog.Logger
}

type bindRequest struct {
	QuoteID           uuid.UUID `json:"quote_id" binding:"required"`
	BookingRef        string    `json:"booking_ref" binding:"required"`
	PaymentMethod     string    `json:"payment_method" binding:"required"`
	PayoutIBAN        string    `json:"payout_iban"`
	PayoutAccountName string    `json:"payout_account_name"`
}

type cancelRequest struct {
	Reason string `json:"reason" binding:"required"`
}

type policyResponse struct {
	ID           string     `json:"id"`
	PolicyNumber string     `json:"policy_number"`
	QuoteID      string     `json:"quote_id"`
	BookingRef   string     `json:"booking_ref"`
	Status       string     `json:"status"`
	TripStart    string     `json:"trip_start"`
	TripEnd      string     `json:"trip_end"`
	PremiumMinor int64      `json:"premium"`
	Currency     string     `json:"currency"`
	DelayCover   bool       `json:"delay_cover"`
	FlightID     string     `json:"flight_id,omitempty"`
	CancelledAt  *time.Time `json:"cancelled_at,omitempty"`
}

func toPolicyResponse(p *models.Policy) policyResponse {
	return policyResponse{
		ID:           p.ID.String(),
		PolicyNumber: p.PolicyNumber,
		QuoteID:      p.QuoteID.String(),
		BookingRef:   p.PartnerBookingRef,
		Status:       string(p.Status),
		TripStart:    p.TripStart.Format("2006-01-02"),
		TripEnd:      p.TripEnd.Format("2006-01-02"),
		PremiumMinor: p.PremiumMinor,
		Currency:     p.Currency,
		DelayCover:   p.DelayCover,
		FlightID:     p.FlightID,
		CancelledAt:  p.CancelledAt,
	}
}

func (h *policyHandlers) bind(c *gin.Context) {
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "unreadable body"})
		return
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(raw))

	var req bindRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	partner := partnerFrom(c)
	res, err := h.svc.Bind(c.Request.Context(), partner.ID, policies.BindInput{
		QuoteID:            req.QuoteID,
		PartnerBookingRef:  req.BookingRef,
		PaymentMethodToken: req.PaymentMethod,
		PayoutIBAN:         req.PayoutIBAN,
		PayoutHolder:       req.PayoutAccountName,
		IdempotencyKey:     c.GetHeader(idempotency.HeaderKey),
		RequestHash:        idempotency.HashRequest(raw),
	})
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	status := http.StatusCreated
	if res.Replayed {
		c.Header("Idempotent-Replayed", "true")
		status = http.StatusOK
	}
	c.JSON(status, toPolicyResponse(res.Policy))
}

func (h *policyHandlers) get(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	p, err := h.svc.Get(c.Request.Context(), partnerFrom(c).ID, id)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, toPolicyResponse(p))
}

func (h *policyHandlers) cancel(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var req cancelRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	p, err := h.svc.Cancel(c.Request.Context(), partnerFrom(c).ID, id, req.Reason)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, toPolicyResponse(p))
}
