package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/quillpress/apcdesk/internal/commands"
	"github.com/quillpress/apcdesk/internal/domain"
)

type invoiceDTO struct {
	ID             string     `json:"id"`
	Number         string     `json:"number"`
	Kind           string     `json:"kind"`
	ManuscriptID   string     `json:"manuscript_id,omitempty"`
	JournalCode    string     `json:"journal_code"`
	PayerType      string     `json:"payer_type"`
	PayerName      string     `json:"payer_name"`
	PayerEmail     string     `json:"payer_email"`
	Currency       string     `json:"currency"`
	ListPriceCents int64      `json:"list_price_cents"`
	DiscountCents  int64      `json:"discount_cents"`
	AmountDueCents int64      `json:"amount_due_cents"`
	Status         string     `json:"status"`
	IssuedAt       time.Time  `json:"issued_at"`
	DueAt          time.Time  `json:"due_at"`
	PaidAt         *time.Time `json:"paid_at,omitempty"`
}

func toInvoiceDTO(i domain.Invoice) invoiceDTO {
	return invoiceDTO{
		ID:             i.ID,
		Number:         i.Number,
		Kind:           string(i.Kind),
		ManuscriptID:   i.ManuscriptID,
		JournalCode:    i.JournalCode,
		PayerType:      string(i.PayerType),
		PayerName:      i.PayerName,
		PayerEmail:     i.PayerEmail,
		Currency:       i.Currency,
		ListPriceCents: i.ListPriceCents,
		DiscountCents:  i.DiscountCents,
		AmountDueCents: i.AmountDueCents,
		Status:         string(i.Status),
		IssuedAt:       i.IssuedAt,
		DueAt:          i.DueAt,
		PaidAt:         i.PaidAt,
	}
}

type createInvoiceRequest struct {
	ManuscriptID string `json:"manuscript_id"`
	JournalCode  string `json:"journal_code" binding:"required"`
	PayerType    string `json:"payer_type" binding:"required"`
	PayerName    string `json:"payer_name" binding:"required"`
	PayerEmail   string `json:"payer_email" binding:"required,email"`
	Currency     string `json:"currency" binding:"required,len=3"`
	AmountCents  int64  `json:"amount_cents" binding:"required,gt=0"`
	Description  string `json:"description" binding:"required"`
	DueInDays    int    `json:"due_in_days"`
}

func (s *Server) createInvoice(c *gin.Context) {
	req, ok := bind[createInvoiceRequest](c)
	if !ok {
		return
	}
	if req.DueInDays == 0 {
		req.DueInDays = 30
	}
	var inv domain.Invoice
	err := commands.Dispatch(c.Request.Context(), s.Bus, commands.CreateSupplementaryInvoice{
		IdempotencyKey: c.GetHeader("Idempotency-Key"),
		Request: domain.NewSupplementaryInvoice{
			ManuscriptID: req.ManuscriptID,
			JournalCode:  req.JournalCode,
			PayerType:    domain.PayerType(req.PayerType),
			PayerName:    req.PayerName,
			PayerEmail:   req.PayerEmail,
			Currency:     req.Currency,
			AmountCents:  req.AmountCents,
			Description:  req.Description,
			DueInDays:    req.DueInDays,
		},
		Result: &inv,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, toInvoiceDTO(inv))
}

func (s *Server) getInvoice(c *gin.Context) {
	inv, err := s.Invoices.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, toInvoiceDTO(inv))
}

type voidRequest struct {
	Reason string `json:"reason" binding:"required"`
}

func (s *Server) voidInvoice(c *gin.Context) {
	req, ok := bind[voidRequest](c)
	if !ok {
		return
	}
	err := commands.Dispatch(c.Request.Context(), s.Bus, commands.VoidInvoice{
		InvoiceID: c.Param("id"),
		Actor:     actor(c),
		Reason:    req.Reason,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type waiverRequest struct {
	Policy  string `json:"policy" binding:"required"`
	Percent int    `json:"percent" binding:"required"`
	Reason  string `json:"reason" binding:"required"`
}

func (s *Server) grantWaiver(c *gin.Context) {
	req, ok := bind[waiverRequest](c)
	if !ok {
		return
	}
	var w domain.Waiver
	err := commands.Dispatch(c.Request.Context(), s.Bus, commands.GrantWaiver{
		InvoiceID: c.Param("id"),
		Request: domain.WaiverRequest{
			Policy:    domain.WaiverPolicy(req.Policy),
			Percent:   req.Percent,
			GrantedBy: actor(c),
			Reason:    req.Reason,
		},
		Result: &w,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"id":           w.ID,
		"invoice_id":   w.InvoiceID,
		"policy":       w.Policy,
		"percent":      w.Percent,
		"amount_cents": w.AmountCents,
	})
}
