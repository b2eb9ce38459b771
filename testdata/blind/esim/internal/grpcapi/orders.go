package grpcapi

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/globetrek/esim-platform/internal/idem"
	"github.com/globetrek/esim-platform/internal/pb/esimv1"
	"github.com/globetrek/esim-platform/internal/service/orders"
)

// OrderServer implements esim.v1.OrderService.
type OrderServer struct {
	esimv1.UnimplementedOrderServiceServer
	Orders *orders.Service
}

func (s *OrderServer) PurchasePlan(ctx context.Context, req *esimv1.PurchasePlanRequest) (*esimv1.Order, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if req.GetPlanSku() == "" {
		return nil, status.Error(codes.InvalidArgument, "plan_sku is required")
	}
	key, _ := idem.KeyFrom(ctx)
	o, err := s.Orders.Purchase(ctx, key, orders.PurchaseInput{
		CustomerID:   p.Subject,
		PlanSKU:      req.GetPlanSku(),
		ResellerCode: req.GetResellerCode(),
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return orderPB(o), nil
}

func (s *OrderServer) ApplyPromoCode(ctx context.Context, req *esimv1.ApplyPromoCodeRequest) (*esimv1.Order, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if req.GetCode() == "" {
		return nil, status.Error(codes.InvalidArgument, "code is required")
	}
	o, err := s.Orders.ApplyPromo(ctx, req.GetOrderId(), p.Subject, req.GetCode())
	if err != nil {
		return nil, toStatus(err)
	}
	return orderPB(o), nil
}

func (s *OrderServer) Checkout(ctx context.Context, req *esimv1.CheckoutRequest) (*esimv1.Order, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if req.GetPaymentMethodId() == "" {
		return nil, status.Error(codes.InvalidArgument, "payment_method_id is required")
	}
	o, err := s.Orders.Checkout(ctx, req.GetOrderId(), p.Subject, req.GetPaymentMethodId())
	if err != nil {
		return nil, toStatus(err)
	}
	return orderPB(o), nil
}

func (s *OrderServer) CancelOrder(ctx context.Context, req *esimv1.CancelOrderRequest) (*esimv1.Order, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	o, err := s.Orders.Cancel(ctx, req.GetOrderId(), customerScope(p))
	if err != nil {
		return nil, toStatus(err)
	}
	return orderPB(o), nil
}

func (s *OrderServer) GetOrder(ctx context.Context, req *esimv1.GetOrderRequest) (*esimv1.Order, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	o, err := s.Orders.Get(ctx, req.GetOrderId(), customerScope(p))
	if err != nil {
		return nil, toStatus(err)
	}
	return orderPB(o), nil
}
