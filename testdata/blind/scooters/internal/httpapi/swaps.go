package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/idgen"
	"github.com/kickvolt/ridecore/internal/reqctx"
	"github.com/kickvolt/ridecore/internal/service/swaps"
)

// SwapService is what the technician endpoints need.
type SwapService interface {
	Accept(ctx context.Context, technicianID string, jobID int64) (*domain.SwapJob, error)
	Complete(ctx context.Context, cmd swaps.CompleteSwap) (*domain.BatterySwap, error)
}

type SwapHandler struct{ svc SwapService }

func NewSwapHandler(svc SwapService) *SwapHandler { return &SwapHandler{svc: svc} }

func jobIDParam(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "jobID"), 10, 64)
	if err != nil {
		return 0, &badRequest{msg: "invalid jobID"}
	}
	return id, nil
}

// Accept handles POST /v1/tech/swaps/{jobID}/accept.
func (h *SwapHandler) Accept(w http.ResponseWriter, r *http.Request) error {
	p, _ := reqctx.PrincipalFrom(r.Context())
	jobID, err := jobIDParam(r)
	if err != nil {
		return err
	}
	job, err := h.svc.Accept(r.Context(), p.Subject, jobID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, job)
	return nil
}

type completeSwapRequest struct {
	BatteryOut  string    `json:"battery_out"`
	BatteryIn   string    `json:"battery_in"`
	ChargeInPct int       `json:"charge_in_pct"`
	SwappedAt   time.Time `json:"swapped_at"`
}

// Complete handles POST /v1/tech/swaps/{jobID}/complete. The technician app
// queues this call while offline and replays it until it gets a 2xx.
func (h *SwapHandler) Complete(w http.ResponseWriter, r *http.Request) error {
	p, _ := reqctx.PrincipalFrom(r.Context())
	jobID, err := jobIDParam(r)
	if err != nil {
		return err
	}
	req, err := decode[completeSwapRequest](r)
	if err != nil {
		return err
	}
	if req.BatteryIn == "" || req.BatteryOut == "" {
		return &badRequest{msg: "battery_in and battery_out are required"}
	}
	if req.SwappedAt.IsZero() {
		req.SwappedAt = time.Now().UTC()
	}
	rec, err := h.svc.Complete(r.Context(), swaps.CompleteSwap{
		SwapID:       idgen.New("bsw"),
		JobID:        jobID,
		TechnicianID: p.Subject,
		BatteryOut:   req.BatteryOut,
		BatteryIn:    req.BatteryIn,
		ChargeInPct:  req.ChargeInPct,
		SwappedAt:    req.SwappedAt,
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, rec)
	return nil
}
