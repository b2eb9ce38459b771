package api

import (
	"net/http"

	"github.com/meridianlabs/labs/internal/platform/httpx"
	"github.com/meridianlabs/labs/internal/service/results"
)

func (h *Handler) recordResult(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[results.ResultInput](r)
	if err != nil {
		return err
	}
	if in.LISResultID == "" || in.OrderID == "" || in.TestCode == "" {
		return httpx.BadRequest("missing_fields", "lis_result_id, order_id and test_code are required")
	}
	res, outcome, err := h.svc.Results.Record(r.Context(), in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if outcome == results.OutcomeCreated {
		status = http.StatusCreated
	}
	httpx.WriteJSON(w, status, map[string]any{
		"id":      res.ID,
		"version": res.Version,
		"outcome": outcome,
	})
	return nil
}
