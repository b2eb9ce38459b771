package api

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/meridianlabs/labs/internal/platform/httpx"
	"github.com/meridianlabs/labs/internal/service/orders"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/store"
)

type orderView struct {
	ID              string     `json:"id"`
	ExternalOrderID string     `json:"external_order_id"`
	Status          string     `json:"status"`
	Priority        string     `json:"priority"`
	BillingMode     string     `json:"billing_mode"`
	Tests           []testView `json:"tests,omitempty"`
	CreatedAt       string     `json:"created_at"`
}

type testView struct {
	ID       string `json:"id"`
	TestCode string `json:"test_code"`
	Source   string `json:"source"`
}

func viewOrder(o store.Order, tests []store.OrderTest) orderView {
	v := orderView{
		ID:              o.ID,
		ExternalOrderID: o.ExternalOrderID,
		Status:          o.Status,
		Priority:        o.Priority,
		BillingMode:     o.BillingMode,
		CreatedAt:       o.CreatedAt.UTC().Format("2006-01-02T15:04:05Z"),
	}
	for _, t := range tests {
		v.Tests = append(v.Tests, testView{ID: t.ID.String(), TestCode: t.TestCode, Source: t.Source})
	}
	return v
}

func mapOrderErr(err error) error {
	switch {
	case errors.Is(err, orders.ErrUnknownTest):
		return httpx.BadRequest("unknown_test", err.Error())
	case errors.Is(err, orders.ErrNotModifiable), errors.Is(err, orders.ErrNotCancelable):
		return httpx.Conflict("invalid_state", err.Error())
	}
	return err
}

func (h *Handler) placeOrder(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[orders.PlaceInput](r)
	if err != nil {
		return err
	}
	if in.ExternalOrderID == "" || in.Patient.MRN == "" || len(in.TestCodes) == 0 {
		return httpx.BadRequest("missing_fields", "external_order_id, patient.mrn and test_codes are required")
	}
	placed, err := h.svc.Orders.Place(r.Context(), httpx.PartnerFrom(r.Context()), in)
	if err != nil {
		return mapOrderErr(err)
	}
	status := http.StatusOK
	if placed.Created {
		status = http.StatusCreated
	}
	httpx.WriteJSON(w, status, viewOrder(placed.Order, nil))
	return nil
}

func (h *Handler) getOrder(w http.ResponseWriter, r *http.Request) error {
	o, tests, err := h.svc.Orders.Get(r.Context(), httpx.PartnerFrom(r.Context()), mux.Vars(r)["id"])
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, viewOrder(o, tests))
	return nil
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (h *Handler) cancelOrder(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[cancelRequest](r)
	if err != nil {
		return err
	}
	o, err := h.svc.Orders.Cancel(r.Context(), httpx.PartnerFrom(r.Context()), mux.Vars(r)["id"], in.Reason)
	if err != nil {
		return mapOrderErr(err)
	}
	httpx.WriteJSON(w, http.StatusOK, viewOrder(o, nil))
	return nil
}

func (h *Handler) addTests(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[orders.AddTestsInput](r)
	if err != nil {
		return err
	}
	if len(in.TestCodes) == 0 {
		return httpx.BadRequest("missing_fields", "test_codes is required")
	}
	added, err := h.svc.Orders.AddTests(r.Context(), httpx.PartnerFrom(r.Context()), mux.Vars(r)["id"], in)
	if err != nil {
		return mapOrderErr(err)
	}
	out := make([]testView, 0, len(added))
	for _, t := range added {
		out = append(out, testView{ID: t.ID.String(), TestCode: t.TestCode, Source: t.Source})
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"added": out})
	return nil
}

func (h *Handler) checkPriorAuth(w http.ResponseWriter, r *http.Request) error {
	id := mux.Vars(r)["id"]
	if _, _, err := h.svc.Orders.Get(r.Context(), httpx.PartnerFrom(r.Context()), id); err != nil {
		return err
	}
	pa, err := h.svc.PriorAuth.Check(r.Context(), id)
	if errors.Is(err, priorauth.ErrNoCoverage) {
		return httpx.Conflict("no_coverage", err.Error())
	}
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"order_id":   pa.OrderID,
		"status":     pa.Status,
		"payer_ref":  pa.PayerRef,
		"checked_at": pa.CheckedAt,
	})
	return nil
}
