package httpapi

import (
	"net/http"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/service"
)

func planRoute(svc DeliveryAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in service.PlanRouteInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		rt, err := svc.PlanRoute(r.Context(), in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, rt)
	}
}

func dispatchRoute(svc DeliveryAPI) http.HandlerFunc {
	return withID("routeID", svc.Dispatch, renderOK[domain.Route])
}

func recordPickup(svc KegAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in service.PickupInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		res, err := svc.RecordPickup(r.Context(), in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, res)
	}
}
