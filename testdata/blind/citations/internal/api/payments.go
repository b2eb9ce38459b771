package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborcity/citeproc/internal/service"
)

// PaymentHandler takes online payments and clerk refunds.
type PaymentHandler struct {
	payments *service.PaymentService
}

func NewPaymentHandler(payments *service.PaymentService) *PaymentHandler {
	return &PaymentHandler{payments: payments}
}

func (h *PaymentHandler) Register(public, clerk, _ *gin.RouterGroup) {
	public.POST("/citations/:number/payments", h.pay)
	clerk.POST("/citations/:number/refunds", h.refund)
}

type payBody struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	CardToken   string `json:"card_token" binding:"required"`
	Channel     string `json:"channel"`
}

func (h *PaymentHandler) pay(c *gin.Context) {
	var body payBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	channel := body.Channel
	if channel != "ivr" {
		channel = "online"
	}
	res, err := h.payments.PayOnline(c.Request.Context(), service.PayRequest{
		CitationNumber: c.Param("number"),
		AmountCents:    body.AmountCents,
		CardToken:      body.CardToken,
		IdempotencyKey: idempotencyKey(c),
		Channel:        channel,
	})
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusCreated
	if res.Replayed {
		status = http.StatusOK
	}
	c.JSON(status, res)
}

type refundBody struct {
	PaymentID   string `json:"payment_id" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason      string `json:"reason" binding:"required"`
}

func (h *PaymentHandler) refund(c *gin.Context) {
	var body refundBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	rf, err := h.payments.RefundPayment(c.Request.Context(), service.RefundRequest{
		CitationNumber: c.Param("number"),
		PaymentID:      body.PaymentID,
		AmountCents:    body.AmountCents,
		Reason:         body.Reason,
		IdempotencyKey: idempotencyKey(c),
		RequestedBy:    actor(c, "clerk"),
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rf)
}
