package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/service/discounts"
	"github.com/northwind/payables/internal/service/invoices"
)

type createInvoiceRequest struct {
	SupplierID        string `json:"supplier_id"`
	InvoiceNumber     string `json:"invoice_number"`
	Currency          string `json:"currency"`
	AmountMinor       int64  `json:"amount_minor"`
	IssueDate         string `json:"issue_date"`
	DueDate           string `json:"due_date"`
	RequiredApprovals int    `json:"required_approvals"`
	DiscountBps       int    `json:"discount_bps"`
	DiscountUntil     string `json:"discount_until"`
}

func (r *createInvoiceRequest) Validate() error {
	if r.SupplierID == "" || r.InvoiceNumber == "" {
		return errors.New("supplier_id and invoice_number are required")
	}
	if r.DiscountBps < 0 || r.DiscountBps > 2000 {
		return errors.New("discount_bps must be between 0 and 2000")
	}
	return nil
}

func (h *Handlers) createInvoice(w http.ResponseWriter, r *http.Request) {
	req, err := decode[createInvoiceRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	in := invoices.CreateInput{
		TenantID:          httpx.TenantFrom(r.Context()),
		SupplierID:        req.SupplierID,
		Number:            req.InvoiceNumber,
		Currency:          req.Currency,
		AmountMinor:       req.AmountMinor,
		RequiredApprovals: req.RequiredApprovals,
		DiscountBps:       req.DiscountBps,
	}
	if in.IssueDate, err = parseDate(req.IssueDate); err != nil {
		h.writeError(w, r, httpx.BadRequest("%v", err))
		return
	}
	if in.DueDate, err = parseDate(req.DueDate); err != nil {
		h.writeError(w, r, httpx.BadRequest("%v", err))
		return
	}
	if req.DiscountUntil != "" {
		until, err := parseDate(req.DiscountUntil)
		if err != nil {
			h.writeError(w, r, httpx.BadRequest("%v", err))
			return
		}
		in.DiscountUntil = &until
	}
	inv, err := h.Invoices.Create(r.Context(), in)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, inv)
}

func (h *Handlers) getInvoice(w http.ResponseWriter, r *http.Request) {
	inv, err := h.Invoices.Get(r.Context(), httpx.TenantFrom(r.Context()), chi.URLParam(r, "invoiceID"))
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}

type decisionRequest struct {
	ApproverID string `json:"approver_id"`
	Decision   string `json:"decision"`
	Comment    string `json:"comment"`
}

func (r *decisionRequest) Validate() error {
	if r.ApproverID == "" {
		return errors.New("approver_id is required")
	}
	if r.Decision != "approve" && r.Decision != "reject" {
		return errors.New("decision must be approve or reject")
	}
	return nil
}

func (h *Handlers) decideInvoice(w http.ResponseWriter, r *http.Request) {
	req, err := decode[decisionRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	inv, err := h.Invoices.Decide(r.Context(), invoices.Decision{
		TenantID:   httpx.TenantFrom(r.Context()),
		InvoiceID:  chi.URLParam(r, "invoiceID"),
		ApproverID: req.ApproverID,
		Approve:    req.Decision == "approve",
		Comment:    req.Comment,
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}

type earlyPaymentRequest struct {
	PayOn string `json:"pay_on"`
}

func (h *Handlers) takeEarlyPayment(w http.ResponseWriter, r *http.Request) {
	req, err := decode[earlyPaymentRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	payOn, err := parseDate(req.PayOn)
	if err != nil {
		h.writeError(w, r, httpx.BadRequest("%v", err))
		return
	}
	pay, err := h.Discounts.TakeEarlyPayment(r.Context(), discounts.EarlyPaymentInput{
		TenantID:  httpx.TenantFrom(r.Context()),
		InvoiceID: chi.URLParam(r, "invoiceID"),
		PayOn:     payOn,
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, pay)
}
