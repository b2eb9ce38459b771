package rest

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/acme/freight/internal/app/labeling"
	"github.com/acme/freight/internal/domain"
)

type LabelService interface {
	PurchaseParcelCo(ctx context.Context, shipmentID string) (*domain.Label, error)
	PurchaseSwift(ctx context.Context, shipmentID string) (*domain.Label, error)
	CreateReturnLabel(ctx context.Context, shipmentID string) (*domain.ReturnLabel, error)
	SchedulePickup(ctx context.Context, cmd labeling.PickupCommand) (*domain.Pickup, error)
	FileCustoms(ctx context.Context, shipmentID string, cmd labeling.CustomsCommand) (*domain.CustomsFiling, error)
}

type LabelHandlers struct {
	svc LabelService
}

func NewLabelHandlers(svc *labeling.Service) *LabelHandlers {
	return &LabelHandlers{svc: svc}
}

// PurchaseParcelCo handles POST /v1/shipments/{shipmentID}/labels.
func (h *LabelHandlers) PurchaseParcelCo() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, _ Empty) (any, error) {
		return h.svc.PurchaseParcelCo(r.Context(), chi.URLParam(r, "shipmentID"))
	})
}

// PurchaseSwift handles POST /v1/shipments/{shipmentID}/labels/swift.
func (h *LabelHandlers) PurchaseSwift() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, _ Empty) (any, error) {
		return h.svc.PurchaseSwift(r.Context(), chi.URLParam(r, "shipmentID"))
	})
}

// ReturnLabel handles POST /v1/shipments/{shipmentID}/return-label.
func (h *LabelHandlers) ReturnLabel() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, _ Empty) (any, error) {
		return h.svc.CreateReturnLabel(r.Context(), chi.URLParam(r, "shipmentID"))
	})
}

// FileCustoms handles POST /v1/shipments/{shipmentID}/customs-declarations.
func (h *LabelHandlers) FileCustoms() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, in labeling.CustomsCommand) (any, error) {
		return h.svc.FileCustoms(r.Context(), chi.URLParam(r, "shipmentID"), in)
	})
}

// SchedulePickup handles POST /v1/pickups.
func (h *LabelHandlers) SchedulePickup() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, in labeling.PickupCommand) (any, error) {
		return h.svc.SchedulePickup(r.Context(), in)
	})
}
