package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/idempotency"
	"github.com/pooltrack/vanpool/internal/service"
)

// CreditsHandler serves missed-ride reports and admin credit tools.
type CreditsHandler struct {
	svc   service.Credits
	guard *idempotency.Guard
	log   *slog.Logger
}

// NewCreditsHandler returns a CreditsHandler.
func NewCreditsHandler(svc service.Credits, guard *idempotency.Guard, log *slog.Logger) *CreditsHandler {
	return &CreditsHandler{svc: svc, guard: guard, log: log}
}

// Mount implements Routes.
func (h *CreditsHandler) Mount(r chi.Router) {
	r.Post("/v1/riders/{memberID}/missed-rides", h.ReportMissedRide)
	r.Post("/v1/credits/grants", h.Grant)
	r.Post("/v1/credits/{creditID}/void", h.Void)
}

// ReportMissedRide handles POST /v1/riders/{memberID}/missed-rides.
func (h *CreditsHandler) ReportMissedRide(w http.ResponseWriter, r *http.Request) {
	memberID, err := uuidParam(r, "memberID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var in service.MissedRideInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	credit, err := h.svc.ReportMissedRide(r.Context(), memberID, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, credit)
}

// Grant handles POST /v1/credits/grants. Requires an Idempotency-Key header.
func (h *CreditsHandler) Grant(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		writeError(w, h.log, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrValidation))
		return
	}
	var in service.GrantInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	in.GrantedBy = actor(r)
	res, err := h.guard.Do(r.Context(), "credits.grant", key, in, func(ctx context.Context) (int, any, error) {
		c, err := h.svc.GrantCredit(ctx, in)
		return http.StatusCreated, c, err
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeRaw(w, res.StatusCode, res.Body, res.Replayed)
}

type voidRequest struct {
	Note string `json:"note"`
}

// Void handles POST /v1/credits/{creditID}/void.
func (h *CreditsHandler) Void(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "creditID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var req voidRequest
	if err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	c, err := h.svc.VoidCredit(r.Context(), id, req.Note)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}
