package api

import (
	"context"
	"errors"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/inventory"
	"github.com/harbourline/hotels/internal/platform/httpx"
)

// InventoryAPI serves rates and allotments.
type InventoryAPI struct {
	svc inventory.Service
}

// NewInventoryAPI returns the handler group.
func NewInventoryAPI(svc inventory.Service) *InventoryAPI { return &InventoryAPI{svc: svc} }

type ratesRequest struct {
	PropertyID string              `param:"pid"`
	Days       []inventory.RateDay `json:"days"`
}

func (r *ratesRequest) Validate() error {
	if len(r.Days) == 0 || len(r.Days) > 731 {
		return errors.New("days must contain between 1 and 731 entries")
	}
	for _, d := range r.Days {
		if d.RatePlanID == "" || d.RoomTypeID == "" || d.AmountMinor <= 0 {
			return errors.New("each day needs rate_plan_id, room_type_id and a positive amount")
		}
	}
	return nil
}

// SetRates handles PUT /v1/properties/:pid/rates. Rates are absolute values.
func (a *InventoryAPI) SetRates(ctx context.Context, req ratesRequest) (httpx.Empty, error) {
	return httpx.Empty{}, a.svc.SetRates(ctx, req.PropertyID, req.Days)
}

type adjustRequest struct {
	PropertyID    string `param:"pid"`
	AdjustmentRef string `header:"Idempotency-Key"`
	StaffID       string `header:"X-Staff-Id"`
	RoomTypeID    string `json:"room_type_id"`
	From          string `json:"from"`
	To            string `json:"to"`
	Delta         int    `json:"delta"`
}

func (r *adjustRequest) Validate() error {
	if r.AdjustmentRef == "" {
		return errors.New("Idempotency-Key header is required")
	}
	if r.Delta == 0 {
		return errors.New("delta must not be zero")
	}
	return nil
}

type adjustResponse struct {
	AdjustmentRef string `json:"adjustment_ref"`
	NightsApplied int    `json:"nights_applied"`
}

// Adjust handles POST /v1/properties/:pid/inventory/adjust.
func (a *InventoryAPI) Adjust(ctx context.Context, req adjustRequest) (adjustResponse, error) {
	from, err := time.Parse(time.DateOnly, req.From)
	if err != nil {
		return adjustResponse{}, errors.Join(domain.ErrInvalid, err)
	}
	to, err := time.Parse(time.DateOnly, req.To)
	if err != nil {
		return adjustResponse{}, errors.Join(domain.ErrInvalid, err)
	}
	n, err := a.svc.Adjust(ctx, inventory.AdjustCommand{
		AdjustmentRef: req.AdjustmentRef,
		PropertyID:    req.PropertyID,
		RoomTypeID:    req.RoomTypeID,
		From:          from,
		To:            to,
		Delta:         req.Delta,
		Actor:         req.StaffID,
	})
	return adjustResponse{AdjustmentRef: req.AdjustmentRef, NightsApplied: n}, err
}
