package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/domain"
)

// PassService is what the pass endpoints need.
type PassService interface {
	Purchase(ctx context.Context, riderID uuid.UUID, planCode string) (*domain.Pass, error)
	GrantMinutes(ctx context.Context, passID uuid.UUID, minutes int) (*domain.Pass, error)
}

type PassHandler struct {
	svc PassService
	log *slog.Logger
}

func NewPassHandler(svc PassService, log *slog.Logger) *PassHandler {
	return &PassHandler{svc: svc, log: log}
}

type purchasePassRequest struct {
	PlanCode string `json:"plan_code"`
}

// Purchase handles POST /v1/passes.
func (h *PassHandler) Purchase(w http.ResponseWriter, r *http.Request) error {
	riderID, err := principalID(r)
	if err != nil {
		return err
	}
	req, err := decode[purchasePassRequest](r)
	if err != nil {
		return err
	}
	pass, err := h.svc.Purchase(r.Context(), riderID, req.PlanCode)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, pass)
	return nil
}

type grantRequest struct {
	Minutes int    `json:"minutes"`
	Reason  string `json:"reason"`
}

// Grant handles POST /v1/ops/passes/{passID}/grants (support tooling).
func (h *PassHandler) Grant(w http.ResponseWriter, r *http.Request) error {
	passID, err := uuidParam(r, "passID")
	if err != nil {
		return err
	}
	req, err := decode[grantRequest](r)
	if err != nil {
		return err
	}
	if req.Reason == "" {
		return &badRequest{msg: "reason is required"}
	}
	pass, err := h.svc.GrantMinutes(r.Context(), passID, req.Minutes)
	if err != nil {
		return err
	}
	h.log.InfoContext(r.Context(), "pass minutes granted", "pass_id", passID, "minutes", req.Minutes, "reason", req.Reason)
	writeJSON(w, http.StatusOK, pass)
	return nil
}
