package grpcapi

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/globetrek/esim-platform/internal/auth"
	"github.com/globetrek/esim-platform/internal/idem"
	"github.com/globetrek/esim-platform/internal/pb/esimv1"
	"github.com/globetrek/esim-platform/internal/service/orders"
	"github.com/globetrek/esim-platform/internal/service/refunds"
)

// RefundServer implements esim.v1.RefundService.
type RefundServer struct {
	esimv1.UnimplementedRefundServiceServer
	Refunds *refunds.Service
	Orders  *orders.Service
}

func (s *RefundServer) RequestRefund(ctx context.Context, req *esimv1.RequestRefundRequest) (*esimv1.Refund, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if req.GetReason() == "" {
		return nil, status.Error(codes.InvalidArgument, "reason is required")
	}
	if p.Role != auth.RoleSupport {
		if _, err := s.Orders.Get(ctx, req.GetOrderId(), p.Subject); err != nil {
			return nil, toStatus(err)
		}
	}
	key, _ := idem.KeyFrom(ctx)
	rf, err := s.Refunds.Request(ctx, key, refunds.RequestInput{
		OrderID:     req.GetOrderId(),
		AmountMinor: req.GetAmountMinor(),
		Reason:      req.GetReason(),
		RequestedBy: p.Role + ":" + p.Subject,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return refundPB(rf), nil
}
