// Package publicapi is the fan-facing HTTP API (fiber).
package publicapi

import "errors"

type CreateHoldRequest struct {
	EventID        string   `json:"event_id"`
	SeatIDs        []string `json:"seat_ids"`
	IdempotencyKey string   `json:"-" reqHeader:"Idempotency-Key"`
}

func (r *CreateHoldRequest) Validate() error {
	if r.EventID == "" {
		return errors.New("event_id is required")
	}
	return nil
}

type HoldPathRequest struct {
	HoldID string `json:"-" params:"id"`
}

type PlaceOrderRequest struct {
	HoldID string `json:"hold_id"`
}

func (r *PlaceOrderRequest) Validate() error {
	if r.HoldID == "" {
		return errors.New("hold_id is required")
	}
	return nil
}

type OrderPathRequest struct {
	OrderID string `json:"-" params:"id"`
}

type AddAddonRequest struct {
	OrderID  string `json:"-" params:"id"`
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
}

type CreateTransferRequest struct {
	TicketID string `json:"-" params:"id"`
	ToEmail  string `json:"to_email"`
}

type AcceptTransferRequest struct {
	TransferID string `json:"-" params:"id"`
}
