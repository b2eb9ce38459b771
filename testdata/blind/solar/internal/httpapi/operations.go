package httpapi

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/equipment"
	"github.com/sunrail/installs/internal/interconnect"
	"github.com/sunrail/installs/internal/invoicing"
	"github.com/sunrail/installs/internal/payouts"
	"github.com/sunrail/installs/internal/permits"
	"github.com/sunrail/installs/internal/platform/httpx"
	"github.com/sunrail/installs/internal/scheduling"
)

// PermitService starts permit workflows.
type PermitService interface {
	Start(ctx context.Context, projectID uuid.UUID) (permits.StartResult, error)
}

// InterconnectService starts interconnection workflows.
type InterconnectService interface {
	Start(ctx context.Context, projectID uuid.UUID) (interconnect.Interconnection, error)
}

// EquipmentService orders and receives equipment.
type EquipmentService interface {
	Place(ctx context.Context, projectID uuid.UUID, in equipment.PlaceInput) (equipment.Order, error)
	Receive(ctx context.Context, orderID uuid.UUID, in equipment.ReceiptInput) error
}

// SchedulingService books crews.
type SchedulingService interface {
	Assign(ctx context.Context, projectID uuid.UUID, idemKey string, in scheduling.AssignInput) (scheduling.Assignment, error)
}

// InvoiceService charges invoices.
type InvoiceService interface {
	ChargeInvoice(ctx context.Context, invoiceID uuid.UUID, idemKey string) (invoicing.Attempt, error)
}

// PayoutService pays installers.
type PayoutService interface {
	Instant(ctx context.Context, installerID uuid.UUID, in payouts.InstantInput) (payouts.Payout, error)
}

// projectAction adapts a service call keyed by the {id} path value.
func projectAction[T any](call func(ctx context.Context, id uuid.UUID) (T, error), status int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		out, err := call(r.Context(), id)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, status, out)
	}
}

// NewStartPermitHandler handles POST /v1/projects/{id}/permits.
func NewStartPermitHandler(svc PermitService) http.HandlerFunc {
	return projectAction(svc.Start, http.StatusAccepted)
}

// NewStartInterconnectionHandler handles POST /v1/projects/{id}/interconnection.
func NewStartInterconnectionHandler(svc InterconnectService) http.HandlerFunc {
	return projectAction(svc.Start, http.StatusAccepted)
}

// NewPlaceEquipmentOrderHandler handles POST /v1/projects/{id}/equipment-orders.
func NewPlaceEquipmentOrderHandler(svc EquipmentService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var in equipment.PlaceInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		order, err := svc.Place(r.Context(), id, in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, order)
	}
}

// NewReceiveEquipmentHandler handles POST /v1/equipment-orders/{id}/receipts.
func NewReceiveEquipmentHandler(svc EquipmentService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var in equipment.ReceiptInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		if err := svc.Receive(r.Context(), id, in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// NewAssignCrewHandler handles POST /v1/projects/{id}/crew-assignments.
func NewAssignCrewHandler(svc SchedulingService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var in scheduling.AssignInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		a, err := svc.Assign(r.Context(), id, httpx.IdempotencyKey(r), in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, a)
	}
}

// NewChargeInvoiceHandler handles POST /v1/invoices/{id}/charge.
func NewChargeInvoiceHandler(svc InvoiceService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		att, err := svc.ChargeInvoice(r.Context(), id, httpx.IdempotencyKey(r))
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusAccepted, att)
	}
}

// NewInstantPayoutHandler handles POST /v1/installers/{id}/instant-payouts.
func NewInstantPayoutHandler(svc PayoutService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.PathUUID(r, "id")
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		var in payouts.InstantInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(w, r, err)
			return
		}
		p, err := svc.Instant(r.Context(), id, in)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, p)
	}
}
