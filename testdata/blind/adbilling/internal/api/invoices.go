package api

import (
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/service"
)

type invoiceLineResponse struct {
	LineNo       int    `json:"line_no"`
	CampaignID   string `json:"campaign_id,omitempty"`
	Description  string `json:"description"`
	Quantity     int64  `json:"quantity"`
	AmountMicros int64  `json:"amount_micros"`
}

type invoiceResponse struct {
	ID             string                `json:"id"`
	Number         string                `json:"number"`
	AdvertiserID   string                `json:"advertiser_id"`
	Period         string                `json:"period"`
	SubtotalMicros int64                 `json:"subtotal_micros"`
	CreditsMicros  int64                 `json:"credits_micros"`
	TotalMicros    int64                 `json:"total_micros"`
	Currency       string                `json:"currency"`
	Status         string                `json:"status"`
	IssuedAt       time.Time             `json:"issued_at"`
	EmailedAt      *time.Time            `json:"emailed_at,omitempty"`
	Lines          []invoiceLineResponse `json:"lines"`
}

func toInvoiceResponse(inv domain.Invoice) invoiceResponse {
	out := invoiceResponse{
		ID: inv.ID, Number: inv.Number, AdvertiserID: inv.AdvertiserID, Period: inv.Period,
		SubtotalMicros: int64(inv.Subtotal), CreditsMicros: int64(inv.Credits), TotalMicros: int64(inv.Total),
		Currency: inv.Currency, Status: string(inv.Status), IssuedAt: inv.IssuedAt, EmailedAt: inv.EmailedAt,
		Lines: []invoiceLineResponse{},
	}
	for _, l := range inv.Lines {
		out.Lines = append(out.Lines, invoiceLineResponse{
			LineNo: l.LineNo, CampaignID: l.CampaignID, Description: l.Description,
			Quantity: l.Quantity, AmountMicros: int64(l.Amount),
		})
	}
	return out
}

// GetInvoice handles GET /v1/invoices/{invoiceID}.
func (h *Handlers) GetInvoice(w http.ResponseWriter, r *http.Request) {
	inv, err := h.invoices.Get(r.Context(), mux.Vars(r)["invoiceID"])
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toInvoiceResponse(inv))
}

type creditNoteRequest struct {
	AmountMicros int64  `json:"amount_micros"`
	Reason       string `json:"reason"`
}

type creditNoteResponse struct {
	ID           string    `json:"id"`
	InvoiceID    string    `json:"invoice_id"`
	AmountMicros int64     `json:"amount_micros"`
	Currency     string    `json:"currency"`
	Reason       string    `json:"reason"`
	IssuedBy     string    `json:"issued_by"`
	IssuedAt     time.Time `json:"issued_at"`
}

// IssueCreditNote handles POST /v1/invoices/{invoiceID}/credit-notes.
func (h *Handlers) IssueCreditNote(w http.ResponseWriter, r *http.Request) {
	var req creditNoteRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	cn, err := h.invoices.IssueCreditNote(r.Context(), service.CreditNoteInput{
		InvoiceID:      mux.Vars(r)["invoiceID"],
		Amount:         domain.Micros(req.AmountMicros),
		Reason:         req.Reason,
		IssuedBy:       Actor(r.Context()),
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, creditNoteResponse{
		ID: cn.ID, InvoiceID: cn.InvoiceID, AmountMicros: int64(cn.Amount), Currency: cn.Currency,
		Reason: cn.Reason, IssuedBy: cn.IssuedBy, IssuedAt: cn.IssuedAt,
	})
}

type voidRequest struct {
	Reason string `json:"reason"`
}

// VoidInvoice handles POST /v1/invoices/{invoiceID}/void.
func (h *Handlers) VoidInvoice(w http.ResponseWriter, r *http.Request) {
	var req voidRequest
	if err := decodeJSON(r, &req); err != nil {
		h.fail(w, r, err)
		return
	}
	if req.Reason == "" {
		h.fail(w, r, domain.Invalid("reason", "is required"))
		return
	}
	inv, err := h.invoices.Void(r.Context(), mux.Vars(r)["invoiceID"], Actor(r.Context()), req.Reason)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toInvoiceResponse(inv))
}

type resendRequest struct {
	Recipient string `json:"recipient,omitempty"`
}

// ResendInvoice handles POST /v1/invoices/{invoiceID}/resend.
func (h *Handlers) ResendInvoice(w http.ResponseWriter, r *http.Request) {
	var req resendRequest
	if r.ContentLength != 0 {
		if err := decodeJSON(r, &req); err != nil {
			h.fail(w, r, err)
			return
		}
	}
	d, err := h.invoices.Resend(r.Context(), mux.Vars(r)["invoiceID"], req.Recipient, r.Header.Get("Idempotency-Key"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"dispatch_id": d.DispatchID, "status": "queued"})
}
