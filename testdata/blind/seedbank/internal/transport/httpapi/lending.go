package httpapi

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/cqrs"
	"github.com/furrowline/seedbank/internal/platform/httpx"
	"github.com/furrowline/seedbank/internal/service/loans"
	"github.com/furrowline/seedbank/internal/service/reservations"
)

// LendingHandlers serve reservations and loan returns. The member app
// retries these requests on timeouts and 5xx answers.
type LendingHandlers struct {
	bus *cqrs.Bus
}

// NewLendingHandlers builds LendingHandlers.
func NewLendingHandlers(bus *cqrs.Bus) *LendingHandlers {
	return &LendingHandlers{bus: bus}
}

type reserveRequest struct {
	PacketID string `json:"packet_id"`
	Quantity int    `json:"quantity"`
}

// Reserve handles POST /v1/reservations.
func (h *LendingHandlers) Reserve(w http.ResponseWriter, r *http.Request) {
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if key == "" {
		httpx.Error(w, r, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrValidation))
		return
	}
	var body reserveRequest
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, r, err)
		return
	}
	var out domain.Reservation
	err := cqrs.Dispatch(r.Context(), h.bus, reservations.ReservePackets{
		MemberID:  httpx.MemberFrom(r.Context()),
		PacketID:  body.PacketID,
		Quantity:  body.Quantity,
		RequestID: key,
		Result:    &out,
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, out)
}

// Confirm handles POST /v1/reservations/{reservationID}/confirm.
func (h *LendingHandlers) Confirm(w http.ResponseWriter, r *http.Request) {
	err := cqrs.Dispatch(r.Context(), h.bus, reservations.ConfirmReservation{
		MemberID:      httpx.MemberFrom(r.Context()),
		ReservationID: chi.URLParam(r, "reservationID"),
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Cancel handles POST /v1/reservations/{reservationID}/cancel.
func (h *LendingHandlers) Cancel(w http.ResponseWriter, r *http.Request) {
	err := cqrs.Dispatch(r.Context(), h.bus, reservations.CancelReservation{
		MemberID:      httpx.MemberFrom(r.Context()),
		ReservationID: chi.URLParam(r, "reservationID"),
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type returnRequest struct {
	Grams       int    `json:"grams"`
	HarvestYear int    `json:"harvest_year"`
	Species     string `json:"species"`
	VarietyName string `json:"variety_name"`
	NeedLabel   bool   `json:"need_label"`
}

// ReturnHarvest handles POST /v1/loans/{loanID}/return.
func (h *LendingHandlers) ReturnHarvest(w http.ResponseWriter, r *http.Request) {
	var body returnRequest
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, r, err)
		return
	}
	var out loans.ReturnResult
	err := cqrs.Dispatch(r.Context(), h.bus, loans.ReturnHarvest{
		MemberID:    httpx.MemberFrom(r.Context()),
		LoanID:      chi.URLParam(r, "loanID"),
		Grams:       body.Grams,
		HarvestYear: body.HarvestYear,
		Species:     body.Species,
		VarietyName: body.VarietyName,
		WantLabel:   body.NeedLabel,
		Result:      &out,
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, out)
}
