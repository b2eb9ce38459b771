package api

import (
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/adapters/http/httpx"
	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type enquiryRequest struct {
	Name         string     `json:"name"`
	Email        string     `json:"email"`
	Phone        string     `json:"phone"`
	VenueID      *uuid.UUID `json:"venue_id"`
	EventDate    string     `json:"event_date"`
	GuestCount   int        `json:"guest_count"`
	ServiceStyle string     `json:"service_style"`
	BudgetCents  *int64     `json:"budget_cents"`
	Notes        string     `json:"notes"`
}

func (h *handlers) submitEnquiry(w http.ResponseWriter, r *http.Request) {
	var req enquiryRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	date, err := time.Parse("2006-01-02", req.EventDate)
	if err != nil {
		httpx.Error(w, r, h.log, domain.Invalid("event_date", "use YYYY-MM-DD"))
		return
	}
	enq, err := h.Enquiries.Submit(r.Context(), ports.SubmitEnquiry{
		IdempotencyKey: httpx.IdempotencyKey(r),
		Name:           req.Name,
		Email:          req.Email,
		Phone:          req.Phone,
		VenueID:        req.VenueID,
		EventDate:      date,
		GuestCount:     req.GuestCount,
		Style:          domain.ServiceStyle(req.ServiceStyle),
		BudgetCents:    req.BudgetCents,
		Notes:          req.Notes,
	})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, enq)
}

func (h *handlers) getEnquiry(w http.ResponseWriter, r *http.Request) {
	id, err := httpx.UUIDParam(r, "enquiryID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	enq, err := h.Enquiries.Get(r.Context(), id)
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, enq)
}

type quoteRequest struct {
	MenuCode        string `json:"menu_code"`
	PerHeadCents    int64  `json:"per_head_cents"`
	GuestCount      int    `json:"guest_count"`
	ServiceFeeCents int64  `json:"service_fee_cents"`
	ValidDays       int    `json:"valid_days"`
}

func (h *handlers) createQuote(w http.ResponseWriter, r *http.Request) {
	enquiryID, err := httpx.UUIDParam(r, "enquiryID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req quoteRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	q, err := h.Quotes.Create(r.Context(), ports.CreateQuote{
		EnquiryID:       enquiryID,
		MenuCode:        req.MenuCode,
		PerHeadCents:    req.PerHeadCents,
		GuestCount:      req.GuestCount,
		ServiceFeeCents: req.ServiceFeeCents,
		ValidDays:       req.ValidDays,
	})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, q)
}

func (h *handlers) acceptQuote(w http.ResponseWriter, r *http.Request) {
	quoteID, err := httpx.UUIDParam(r, "quoteID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	ev, err := h.Quotes.Accept(r.Context(), quoteID)
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, ev)
}
