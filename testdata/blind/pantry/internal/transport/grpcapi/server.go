package grpcapi

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
	"github.com/pantryco/fulfilment/internal/service/ordering"
	"github.com/pantryco/fulfilment/internal/service/payments"
)

// Server implements OrdersServer on top of the service interfaces.
type Server struct {
	orders   ordering.Service
	payments payments.Service
}

// NewServer builds the gRPC server implementation.
func NewServer(orders ordering.Service, pay payments.Service) *Server {
	return &Server{orders: orders, payments: pay}
}

var _ OrdersServer = (*Server)(nil)

func parseID(field, v string) (uuid.UUID, error) {
	id, err := uuid.Parse(v)
	if err != nil {
		return uuid.Nil, status.Errorf(codes.InvalidArgument, "%s: %v", field, err)
	}
	return id, nil
}

// toStatus maps domain errors onto gRPC codes.
func toStatus(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, domain.ErrInvalidArgument), errors.Is(err, domain.ErrPromoInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, pg.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrSlotFull):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	default:
		return status.Error(codes.Internal, err.Error())
	}
}

// PlaceOrder handles /pantry.fulfilment.v1.Orders/PlaceOrder.
func (s *Server) PlaceOrder(ctx context.Context, req *PlaceOrderRequest) (*OrderReply, error) {
	customerID, err := parseID("customer_id", req.CustomerID)
	if err != nil {
		return nil, err
	}
	in := ordering.PlaceOrderInput{
		IdempotencyKey: req.IdempotencyKey,
		CustomerID:     customerID,
		StoreID:        req.StoreID,
		RetailerID:     req.RetailerID,
		SlotID:         req.SlotID,
		Phone:          req.Phone,
		PaymentMethod:  req.PaymentMethod,
		Currency:       req.Currency,
	}
	for _, l := range req.Lines {
		in.Lines = append(in.Lines, ordering.LineInput{SKU: l.SKU, Quantity: l.Quantity, UnitPriceCents: l.UnitPriceCents})
	}
	order, err := s.orders.PlaceOrder(ctx, in)
	if err != nil {
		return nil, toStatus(err)
	}
	return orderReply(order), nil
}

// GetOrder handles /pantry.fulfilment.v1.Orders/GetOrder.
func (s *Server) GetOrder(ctx context.Context, req *GetOrderRequest) (*OrderReply, error) {
	id, err := parseID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	order, err := s.orders.GetOrder(ctx, id)
	if err != nil {
		return nil, toStatus(err)
	}
	return orderReply(order), nil
}

// AuthorizePayment handles /pantry.fulfilment.v1.Orders/AuthorizePayment.
func (s *Server) AuthorizePayment(ctx context.Context, req *AuthorizePaymentRequest) (*AuthorizePaymentReply, error) {
	id, err := parseID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	p, err := s.payments.Authorize(ctx, id, req.PaymentMethod)
	if err != nil {
		return nil, toStatus(err)
	}
	return &AuthorizePaymentReply{
		OrderID: p.OrderID.String(), IntentID: p.IntentID, AmountCents: p.AmountCents, Status: string(p.Status),
	}, nil
}

// CancelOrder handles /pantry.fulfilment.v1.Orders/CancelOrder.
func (s *Server) CancelOrder(ctx context.Context, req *CancelOrderRequest) (*CancelOrderReply, error) {
	id, err := parseID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	if err := s.orders.CancelOrder(ctx, id, req.Reason); err != nil {
		return nil, toStatus(err)
	}
	return &CancelOrderReply{}, nil
}

// RescheduleDelivery handles /pantry.fulfilment.v1.Orders/RescheduleDelivery.
func (s *Server) RescheduleDelivery(ctx context.Context, req *RescheduleRequest) (*OrderReply, error) {
	id, err := parseID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	order, err := s.orders.Reschedule(ctx, id, req.NewSlotID)
	if err != nil {
		return nil, toStatus(err)
	}
	return orderReply(order), nil
}

// ApplyPromoCode handles /pantry.fulfilment.v1.Orders/ApplyPromoCode.
func (s *Server) ApplyPromoCode(ctx context.Context, req *ApplyPromoRequest) (*OrderReply, error) {
	id, err := parseID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	order, err := s.orders.ApplyPromo(ctx, id, req.Code)
	if err != nil {
		return nil, toStatus(err)
	}
	return orderReply(order), nil
}
