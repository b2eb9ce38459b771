package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/quillpress/apcdesk/internal/commands"
	"github.com/quillpress/apcdesk/internal/domain"
)

type paymentDTO struct {
	ID                string `json:"id"`
	InvoiceID         string `json:"invoice_id"`
	Method            string `json:"method"`
	Status            string `json:"status"`
	AmountCents       int64  `json:"amount_cents"`
	Currency          string `json:"currency"`
	ProviderPaymentID string `json:"provider_payment_id,omitempty"`
	FailureReason     string `json:"failure_reason,omitempty"`
}

func toPaymentDTO(p domain.Payment) paymentDTO {
	return paymentDTO{
		ID:                p.ID,
		InvoiceID:         p.InvoiceID,
		Method:            string(p.Method),
		Status:            string(p.Status),
		AmountCents:       p.AmountCents,
		Currency:          p.Currency,
		ProviderPaymentID: p.ProviderPaymentID,
		FailureReason:     p.FailureReason,
	}
}

type cardRequest struct {
	CardToken  string `json:"card_token" binding:"required"`
	PayerEmail string `json:"payer_email" binding:"omitempty,email"`
}

func (s *Server) payByCard(c *gin.Context) {
	req, ok := bind[cardRequest](c)
	if !ok {
		return
	}
	p, err := s.Payments.PayByCard(c.Request.Context(), c.Param("id"), domain.CardPayment{
		CardToken:  req.CardToken,
		PayerEmail: req.PayerEmail,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	status := http.StatusCreated
	if p.Status == domain.PaymentFailed {
		status = http.StatusPaymentRequired
	}
	c.JSON(status, toPaymentDTO(p))
}

type directDebitRequest struct {
	MandateID   string `json:"mandate_id" binding:"required"`
	AccountName string `json:"account_name" binding:"required"`
}

func (s *Server) payByDirectDebit(c *gin.Context) {
	req, ok := bind[directDebitRequest](c)
	if !ok {
		return
	}
	p, err := s.Payments.PayByDirectDebit(c.Request.Context(), c.Param("id"), domain.DirectDebitPayment{
		MandateID:   req.MandateID,
		AccountName: req.AccountName,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, toPaymentDTO(p))
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason" binding:"required"`
}

func (s *Server) refund(c *gin.Context) {
	req, ok := bind[refundRequest](c)
	if !ok {
		return
	}
	var r domain.Refund
	err := commands.Dispatch(c.Request.Context(), s.Bus, commands.IssueRefund{
		InvoiceID: c.Param("id"),
		Request: domain.RefundRequest{
			AmountCents: req.AmountCents,
			Reason:      req.Reason,
			Actor:       actor(c),
		},
		Result: &r,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"id":                 r.ID,
		"invoice_id":         r.InvoiceID,
		"amount_cents":       r.AmountCents,
		"status":             r.Status,
		"provider_refund_id": r.ProviderRefundID,
	})
}
