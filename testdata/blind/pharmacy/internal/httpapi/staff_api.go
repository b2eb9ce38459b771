package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/cedarleaf/pharmacy/internal/claims"
	"github.com/cedarleaf/pharmacy/internal/inventory"
	"github.com/cedarleaf/pharmacy/internal/platform/httpx"
)

// ApproveRefill handles POST /v1/staff/refills/{refillID}/approve.
func (h *Handler) ApproveRefill(w http.ResponseWriter, r *http.Request) {
	res, err := h.Refills.Approve(r.Context(), chi.URLParam(r, "refillID"), staffFrom(r))
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, res)
}

// ReadyForPickup handles POST /v1/staff/orders/{orderID}/ready-for-pickup.
func (h *Handler) ReadyForPickup(w http.ResponseWriter, r *http.Request) {
	orderID, err := uuidParam(r, "orderID")
	if err != nil {
		fail(w, r, err)
		return
	}
	res, err := h.Orders.MarkReadyForPickup(r.Context(), orderID, staffFrom(r))
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, res)
}

// ResubmitClaim handles POST /v1/staff/claims/{claimID}/resubmit.
func (h *Handler) ResubmitClaim(w http.ResponseWriter, r *http.Request) {
	claimID, err := uuidParam(r, "claimID")
	if err != nil {
		fail(w, r, err)
		return
	}
	var fix claims.Corrections
	if err := httpx.Decode(r, &fix); err != nil {
		fail(w, r, err)
		return
	}
	res, err := h.Claims.Resubmit(r.Context(), claimID, staffFrom(r), fix)
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, res)
}

type redispatchBody struct {
	Notes string `json:"notes"`
}

// RedispatchShipment handles POST /v1/staff/shipments/{shipmentID}/redispatch.
func (h *Handler) RedispatchShipment(w http.ResponseWriter, r *http.Request) {
	shipmentID, err := uuidParam(r, "shipmentID")
	if err != nil {
		fail(w, r, err)
		return
	}
	var body redispatchBody
	if err := httpx.Decode(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	res, err := h.Delivery.Redispatch(r.Context(), shipmentID, staffFrom(r), body.Notes)
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, res)
}

// AdjustInventory handles POST /v1/staff/inventory/adjustments.
func (h *Handler) AdjustInventory(w http.ResponseWriter, r *http.Request) {
	var in inventory.AdjustmentInput
	if err := httpx.Decode(r, &in); err != nil {
		fail(w, r, err)
		return
	}
	in.StaffID = staffFrom(r)
	item, err := h.Inventory.Adjust(r.Context(), in)
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, item)
}

func parseUUID(s, field string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, httpx.NewError(http.StatusBadRequest, "bad_request", "invalid "+field)
	}
	return id, nil
}
