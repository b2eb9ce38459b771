package rest

import (
	"context"
	"fmt"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/acme/freight/internal/app/shipping"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/httpx"
)

type ShipmentService interface {
	Create(ctx context.Context, idemKey string, cmd shipping.CreateCommand) (*domain.Shipment, error)
	Import(ctx context.Context, shipperID string, rows []shipping.CreateCommand) ([]*domain.Shipment, error)
	UpdateConsignee(ctx context.Context, id string, consignee domain.Address) (*domain.Shipment, error)
	Cancel(ctx context.Context, id, reason string) (*domain.Shipment, error)
}

type ShipmentHandlers struct {
	svc ShipmentService
}

func NewShipmentHandlers(svc *shipping.Service) *ShipmentHandlers {
	return &ShipmentHandlers{svc: svc}
}

// Create handles POST /v1/shipments.
func (h *ShipmentHandlers) Create() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, in shipping.CreateCommand) (any, error) {
		key, err := httpx.IdempotencyKey(r)
		if err != nil {
			return nil, err
		}
		return h.svc.Create(r.Context(), key, in)
	})
}

type importRequest struct {
	ShipperID string                   `json:"shipper_id"`
	Rows      []shipping.CreateCommand `json:"rows"`
}

func (r importRequest) Validate() error {
	if r.ShipperID == "" || len(r.Rows) == 0 {
		return fmt.Errorf("%w: shipper_id and at least one row are required", domain.ErrInvalid)
	}
	if len(r.Rows) > 500 {
		return fmt.Errorf("%w: at most 500 rows per import", domain.ErrInvalid)
	}
	return nil
}

// Import handles POST /v1/shipments/import (bulk upload of an order export).
func (h *ShipmentHandlers) Import() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, in importRequest) (any, error) {
		created, err := h.svc.Import(r.Context(), in.ShipperID, in.Rows)
		if err != nil {
			return nil, err
		}
		return map[string]any{"imported": len(created), "shipments": created}, nil
	})
}

// UpdateConsignee handles PUT /v1/shipments/{shipmentID}/consignee.
func (h *ShipmentHandlers) UpdateConsignee() http.HandlerFunc {
	return Handle(http.StatusOK, func(r *http.Request, in domain.Address) (any, error) {
		return h.svc.UpdateConsignee(r.Context(), chi.URLParam(r, "shipmentID"), in)
	})
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel handles POST /v1/shipments/{shipmentID}/cancel.
func (h *ShipmentHandlers) Cancel() http.HandlerFunc {
	return Handle(http.StatusOK, func(r *http.Request, in cancelRequest) (any, error) {
		return h.svc.Cancel(r.Context(), chi.URLParam(r, "shipmentID"), in.Reason)
	})
}
