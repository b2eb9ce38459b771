package publicapi

import (
	"context"

	"github.com/stagepass/ticketing/internal/holds"
	"github.com/stagepass/ticketing/internal/httpx"
	"github.com/stagepass/ticketing/internal/orders"
	"github.com/stagepass/ticketing/internal/transfers"
)

// Handlers adapts services to typed request/response functions; the fiber
// glue lives in httpx.Handle.
type Handlers struct {
	Holds     holds.Service
	Orders    orders.Service
	Transfers transfers.Service
}

func NewHandlers(h holds.Service, o orders.Service, t transfers.Service) *Handlers {
	return &Handlers{Holds: h, Orders: o, Transfers: t}
}

func (h *Handlers) CreateHold(ctx context.Context, req CreateHoldRequest) (holds.HoldView, error) {
	return h.Holds.CreateHold(ctx, holds.CreateHoldInput{
		IdempotencyKey: req.IdempotencyKey,
		FanID:          httpx.FanIDFrom(ctx),
		EventID:        req.EventID,
		SeatIDs:        req.SeatIDs,
	})
}

func (h *Handlers) ReleaseHold(ctx context.Context, req HoldPathRequest) (holds.HoldView, error) {
	return h.Holds.ReleaseHold(ctx, httpx.FanIDFrom(ctx), req.HoldID)
}

func (h *Handlers) PlaceOrder(ctx context.Context, req PlaceOrderRequest) (orders.OrderView, error) {
	return h.Orders.PlaceOrder(ctx, orders.PlaceOrderInput{FanID: httpx.FanIDFrom(ctx), HoldID: req.HoldID})
}

func (h *Handlers) CaptureOrder(ctx context.Context, req OrderPathRequest) (orders.OrderView, error) {
	return h.Orders.CaptureOrder(ctx, httpx.FanIDFrom(ctx), req.OrderID)
}

func (h *Handlers) AddAddon(ctx context.Context, req AddAddonRequest) (orders.OrderView, error) {
	return h.Orders.AddAddon(ctx, orders.AddAddonInput{
		FanID:    httpx.FanIDFrom(ctx),
		OrderID:  req.OrderID,
		SKU:      req.SKU,
		Quantity: req.Quantity,
	})
}

func (h *Handlers) CreateTransfer(ctx context.Context, req CreateTransferRequest) (transfers.TransferView, error) {
	return h.Transfers.CreateTransfer(ctx, transfers.CreateInput{
		FanID:    httpx.FanIDFrom(ctx),
		TicketID: req.TicketID,
		ToEmail:  req.ToEmail,
	})
}

func (h *Handlers) AcceptTransfer(ctx context.Context, req AcceptTransferRequest) (transfers.TransferView, error) {
	return h.Transfers.AcceptTransfer(ctx, httpx.FanIDFrom(ctx), req.TransferID)
}
