package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"go.uber.org/dig"

	"github.com/tldhouse/registrar/internal/contacts"
	"github.com/tldhouse/registrar/internal/dnsmgmt"
	"github.com/tldhouse/registrar/internal/domains"
	"github.com/tldhouse/registrar/internal/ids"
	"github.com/tldhouse/registrar/internal/model"
)

type DomainService interface {
	SubmitRegistration(ctx context.Context, p model.Principal, idemKey string, req domains.RegistrationRequest) (model.Order, error)
	RequestTransfer(ctx context.Context, p model.Principal, req domains.TransferRequest) (model.Transfer, error)
	RenewNow(ctx context.Context, p model.Principal, name string, years int) (string, error)
	SetNameservers(ctx context.Context, p model.Principal, name string, hosts []string) (model.Domain, error)
	SetAutoRenew(ctx context.Context, p model.Principal, name string, on bool) (model.Domain, error)
}

type DNSService interface {
	AddRecord(ctx context.Context, p model.Principal, domainName string, spec dnsmgmt.RecordSpec) (model.DNSRecord, error)
	DeleteRecord(ctx context.Context, p model.Principal, domainName string, recordID uuid.UUID) error
}

type ContactService interface {
	Create(ctx context.Context, accountID uuid.UUID, in contacts.Input) (model.Contact, error)
	List(ctx context.Context, accountID uuid.UUID) ([]model.Contact, error)
}

type BillingService interface {
	AddCard(ctx context.Context, accountID uuid.UUID, token string, makeDefault bool) (model.PaymentMethod, error)
	TopUp(ctx context.Context, accountID uuid.UUID, requestKey string, amountCents int64, currency string, pmID *uuid.UUID) (model.Payment, error)
	RefundOrder(ctx context.Context, orderID uuid.UUID, reason string) error
}

type OrderReader interface {
	GetForAccount(ctx context.Context, accountID, id uuid.UUID) (model.Order, error)
	Get(ctx context.Context, id uuid.UUID) (model.Order, error)
	SetStatus(ctx context.Context, id uuid.UUID, status model.OrderStatus, reason string) error
}

type CreditAdjuster interface {
	Credit(ctx context.Context, accountID uuid.UUID, amount int64, reason, reference string) (int64, error)
	Debit(ctx context.Context, accountID uuid.UUID, amount int64, reason, reference string) (int64, error)
}

type DomainLister interface {
	ListForAccount(ctx context.Context, accountID uuid.UUID) ([]model.Domain, error)
}

// Handlers is built by dig from its fields.
type Handlers struct {
	dig.In

	Domains  DomainService
	DNS      DNSService
	Contacts ContactService
	Billing  BillingService
	Orders   OrderReader
	Listing  DomainLister
	Credits  CreditAdjuster
	Log      *slog.Logger
}

// POST /v1/registrations
func (h Handlers) createRegistration(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header required"})
		return
	}
	var req domains.RegistrationRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	order, err := h.Domains.SubmitRegistration(c.Request.Context(), principal(c), key, req)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusAccepted, order)
}

// POST /v1/transfers
func (h Handlers) createTransfer(c *gin.Context) {
	var req domains.TransferRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	t, err := h.Domains.RequestTransfer(c.Request.Context(), principal(c), req)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusAccepted, t)
}

// POST /v1/domains/:name/renewals
func (h Handlers) renewDomain(c *gin.Context) {
	var req struct {
		Years int `json:"years" binding:"required,min=1,max=9"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	wf, err := h.Domains.RenewNow(c.Request.Context(), principal(c), c.Param("name"), req.Years)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"renewal_id": wf})
}

// PUT /v1/domains/:name/nameservers
func (h Handlers) setNameservers(c *gin.Context) {
	var req struct {
		Nameservers []string `json:"nameservers" binding:"required"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	d, err := h.Domains.SetNameservers(c.Request.Context(), principal(c), c.Param("name"), req.Nameservers)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

// PUT /v1/domains/:name/auto-renew
func (h Handlers) setAutoRenew(c *gin.Context) {
	var req struct {
		Enabled *bool `json:"enabled" binding:"required"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	d, err := h.Domains.SetAutoRenew(c.Request.Context(), principal(c), c.Param("name"), *req.Enabled)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

// POST /v1/domains/:name/dns/records
func (h Handlers) addRecord(c *gin.Context) {
	var spec dnsmgmt.RecordSpec
	if err := c.ShouldBindJSON(&spec); err != nil {
		badRequest(c, err)
		return
	}
	rec, err := h.DNS.AddRecord(c.Request.Context(), principal(c), c.Param("name"), spec)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, rec)
}

// DELETE /v1/domains/:name/dns/records/:id
func (h Handlers) deleteRecord(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	if err := h.DNS.DeleteRecord(c.Request.Context(), principal(c), c.Param("name"), id); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// POST /v1/contacts
func (h Handlers) createContact(c *gin.Context) {
	var in contacts.Input
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	ct, err := h.Contacts.Create(c.Request.Context(), principal(c).AccountID, in)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, ct)
}

// GET /v1/contacts
func (h Handlers) listContacts(c *gin.Context) {
	list, err := h.Contacts.List(c.Request.Context(), principal(c).AccountID)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"contacts": list})
}

// POST /v1/payment-methods
func (h Handlers) addPaymentMethod(c *gin.Context) {
	var req struct {
		Token      string `json:"token" binding:"required"`
		SetDefault bool   `json:"set_default"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	pm, err := h.Billing.AddCard(c.Request.Context(), principal(c).AccountID, req.Token, req.SetDefault)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, pm)
}

// POST /v1/account/topups
func (h Handlers) topUp(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header required"})
		return
	}
	var req struct {
		AmountCents     int64      `json:"amount_cents" binding:"required"`
		Currency        string     `json:"currency" binding:"required,len=3"`
		PaymentMethodID *uuid.UUID `json:"payment_method_id"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	p, err := h.Billing.TopUp(c.Request.Context(), principal(c).AccountID, key, req.AmountCents, req.Currency, req.PaymentMethodID)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusAccepted, p)
}

// GET /v1/orders/:id
func (h Handlers) getOrder(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	o, err := h.Orders.GetForAccount(c.Request.Context(), principal(c).AccountID, id)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, o)
}

// GET /v1/domains
func (h Handlers) listDomains(c *gin.Context) {
	list, err := h.Listing.ListForAccount(c.Request.Context(), principal(c).AccountID)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"domains": list})
}

// POST /admin/orders/:id/refund
func (h Handlers) refundOrder(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	var req struct {
		Reason string `json:"reason" binding:"required"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	ctx := c.Request.Context()
	if _, err := h.Orders.Get(ctx, id); err != nil {
		writeError(c, h.Log, err)
		return
	}
	if err := h.Billing.RefundOrder(ctx, id, req.Reason); err != nil {
		writeError(c, h.Log, err)
		return
	}
	if err := h.Orders.SetStatus(ctx, id, model.OrderRefunded, req.Reason); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"order_id": id, "status": model.OrderRefunded})
}

// POST /admin/accounts/:id/credit-adjustments
func (h Handlers) adjustCredit(c *gin.Context) {
	accountID, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	var req struct {
		AmountCents int64  `json:"amount_cents" binding:"required"`
		Reason      string `json:"reason" binding:"required"`
	}
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	ref := ids.New("adj")
	reason := fmt.Sprintf("adjustment: %s (by %s)", req.Reason, principal(c).AccountID)
	var balance int64
	if req.AmountCents >= 0 {
		balance, err = h.Credits.Credit(c.Request.Context(), accountID, req.AmountCents, reason, ref)
	} else {
		balance, err = h.Credits.Debit(c.Request.Context(), accountID, -req.AmountCents, reason, ref)
	}
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"reference": ref, "balance_cents": balance})
}
