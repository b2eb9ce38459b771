package httpapi

import (
	"net/http"

	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/service"
)

type createSubscriptionRequest struct {
	PlanCode     string `json:"plan_code"`
	VehiclePlate string `json:"vehicle_plate"`
}

// createSubscription signs the member up. The app sends an Idempotency-Key
// per sign-up attempt and reuses it when it resends.
func (a *API) createSubscription(w http.ResponseWriter, r *http.Request) {
	var req createSubscriptionRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	sub, err := a.Subscriptions.Subscribe(r.Context(), service.SubscribeInput{
		CustomerID:     customerID(r),
		PlanCode:       req.PlanCode,
		VehiclePlate:   req.VehiclePlate,
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
	})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusCreated, sub)
}

func (a *API) getSubscription(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	sub, err := a.Subscriptions.Get(r.Context(), customerID(r), id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusOK, sub)
}

func (a *API) cancelSubscription(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if err := a.Subscriptions.Cancel(r.Context(), customerID(r), id); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type purchasePackRequest struct {
	PackCode string `json:"pack_code"`
}

// purchasePack sells a wash pack; replays are handled by the Idempotent
// middleware on the route.
func (a *API) purchasePack(w http.ResponseWriter, r *http.Request) {
	var req purchasePackRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	purchase, err := a.Packs.Purchase(r.Context(), service.PackPurchaseInput{
		CustomerID:     customerID(r),
		PackCode:       req.PackCode,
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
	})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusCreated, purchase)
}
