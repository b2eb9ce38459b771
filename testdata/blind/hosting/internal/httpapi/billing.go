package httpapi

import (
	"net/http"
	"strings"

	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
)

// BillingHandlers serves invoices, payments, credits and coupons.
type BillingHandlers struct {
	Collector *billing.Collector
	Credits   *billing.CreditService
	Invoices  *billing.InvoiceRepository
}

type redeemRequest struct {
	Code string `json:"code"`
}

// RedeemCoupon handles POST /v1/coupons/redeem.
func (h *BillingHandlers) RedeemCoupon(w http.ResponseWriter, r *http.Request) {
	var req redeemRequest
	if err := httpx.Decode(r, &req); err != nil || strings.TrimSpace(req.Code) == "" {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", "code is required")
		return
	}
	res, err := h.Credits.Redeem(r.Context(), httpx.CustomerID(r.Context()), req.Code)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	status := http.StatusCreated
	if res.AlreadyUsed {
		status = http.StatusOK
	}
	httpx.JSON(w, status, res)
}

type invoiceSummary struct {
	ID         string `json:"id"`
	Period     string `json:"period"`
	Status     string `json:"status"`
	TotalCents int64  `json:"total_cents"`
	PaidCents  int64  `json:"amount_paid_cents"`
	Currency   string `json:"currency"`
}

// ListInvoices handles GET /v1/invoices.
func (h *BillingHandlers) ListInvoices(w http.ResponseWriter, r *http.Request) {
	p := httpx.ParsePage(r)
	rows, err := h.Invoices.ListByCustomer(r.Context(), httpx.CustomerID(r.Context()), p.Cursor, p.Limit)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	page := httpx.NewPage(rows, p.Limit, func(i billing.Invoice) string { return i.Period })
	httpx.JSON(w, http.StatusOK, httpx.MapPage(page, func(i billing.Invoice) invoiceSummary {
		return invoiceSummary{ID: i.ID.String(), Period: i.Period, Status: i.Status,
			TotalCents: i.TotalCents, PaidCents: i.AmountPaidCents, Currency: i.Currency}
	}))
}

// PayInvoice handles POST /v1/invoices/{id}/pay.
func (h *BillingHandlers) PayInvoice(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	p, err := h.Collector.PayNow(r.Context(), httpx.CustomerID(r.Context()), id, r.Header.Get("Idempotency-Key"))
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, p)
}

// ListCredits handles GET /v1/credits.
func (h *BillingHandlers) ListCredits(w http.ResponseWriter, r *http.Request) {
	page, err := h.Credits.List(r.Context(), httpx.CustomerID(r.Context()), httpx.ParsePage(r))
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, page)
}
