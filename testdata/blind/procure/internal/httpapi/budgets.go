package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northmill/procure/internal/budgets"
	"github.com/northmill/procure/internal/platform/httpx"
)

// BudgetHandler serves /v1/budgets.
type BudgetHandler struct {
	svc BudgetService
	log *slog.Logger
}

// NewBudgetHandler builds the handler.
func NewBudgetHandler(svc BudgetService, log *slog.Logger) *BudgetHandler {
	return &BudgetHandler{svc: svc, log: log}
}

// Routes mounts the handler.
func (h *BudgetHandler) Routes(r chi.Router) {
	r.Post("/reservations", h.Reserve)
	r.Get("/reservations/{reservationID}", h.GetReservation)
	r.Post("/reservations/{reservationID}/release", h.Release)
	r.Post("/transfers", h.Transfer)
}

// Reserve handles POST /v1/budgets/reservations.
func (h *BudgetHandler) Reserve(w http.ResponseWriter, r *http.Request) {
	key, err := httpx.IdempotencyKey(r, true)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	in, err := httpx.Decode[budgets.ReserveInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	res, err := h.svc.Reserve(r.Context(), key, in)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if res.Replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	httpx.JSON(w, http.StatusCreated, res.Reservation)
}

// GetReservation handles GET /v1/budgets/reservations/{reservationID}.
func (h *BudgetHandler) GetReservation(w http.ResponseWriter, r *http.Request) {
	res, err := h.svc.Get(r.Context(), chi.URLParam(r, "reservationID"))
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, res)
}

type releaseRequest struct {
	Reason string `json:"reason"`
}

// Release handles POST /v1/budgets/reservations/{reservationID}/release.
func (h *BudgetHandler) Release(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[releaseRequest](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	id := chi.URLParam(r, "reservationID")
	if err := h.svc.Release(r.Context(), id, in.Reason); err != nil {
		fail(w, h.log, err)
		return
	}
	res, err := h.svc.Get(r.Context(), id)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, res)
}

// Transfer handles POST /v1/budgets/transfers.
func (h *BudgetHandler) Transfer(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[budgets.TransferInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	t, err := h.svc.Transfer(r.Context(), in)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, t)
}
