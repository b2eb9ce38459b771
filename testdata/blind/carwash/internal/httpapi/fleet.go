package httpapi

import (
	"net/http"

	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/service"
)

type fleetAccountRequest struct {
	Code         string `json:"code"`
	CompanyName  string `json:"company_name"`
	BillingEmail string `json:"billing_email"`
	ContactPhone string `json:"contact_phone"`
	CardToken    string `json:"card_token"`
	Autopay      bool   `json:"autopay"`
	PriceCents   int64  `json:"price_cents"`
}

// saveFleetAccount creates a fleet account, or updates the account that
// already uses the billing email.
func (a *API) saveFleetAccount(w http.ResponseWriter, r *http.Request) {
	var req fleetAccountRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	acct, err := a.Fleet.SaveAccount(r.Context(), service.FleetAccountInput(req))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusOK, acct)
}

type addVehicleRequest struct {
	Plate string `json:"plate"`
	Label string `json:"label"`
}

func (a *API) addFleetVehicle(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var req addVehicleRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if err := a.Fleet.AddVehicle(r.Context(), id, req.Plate, req.Label); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *API) fleetInvoices(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	invoices, err := a.Fleet.Invoices(r.Context(), id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusOK, map[string]any{"invoices": invoices})
}
