package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/adapters/http/httpx"
	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type tastingRequest struct {
	EnquiryID uuid.UUID `json:"enquiry_id"`
	SlotAt    time.Time `json:"slot_at"`
	Guests    int       `json:"guests"`
}

func (h *handlers) bookTasting(w http.ResponseWriter, r *http.Request) {
	var req tastingRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	t, err := h.Tastings.Book(r.Context(), ports.BookTasting{EnquiryID: req.EnquiryID, SlotAt: req.SlotAt, Guests: req.Guests})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, t)
}

type paymentMethodRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

func tastingID(r *http.Request) domain.TastingID {
	return domain.TastingID(chi.URLParam(r, "tastingID"))
}

func (h *handlers) chargeTastingFee(w http.ResponseWriter, r *http.Request) {
	var req paymentMethodRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	t, err := h.Tastings.ChargeFee(r.Context(), tastingID(r), req.PaymentMethodID)
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, t)
}

func (h *handlers) completeTasting(w http.ResponseWriter, r *http.Request) {
	t, err := h.Tastings.Complete(r.Context(), tastingID(r))
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, t)
}
