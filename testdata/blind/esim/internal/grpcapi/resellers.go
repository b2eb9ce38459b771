package grpcapi

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/globetrek/esim-platform/internal/auth"
	"github.com/globetrek/esim-platform/internal/pb/esimv1"
	"github.com/globetrek/esim-platform/internal/service/commissions"
)

// ResellerServer implements esim.v1.ResellerService.
type ResellerServer struct {
	esimv1.UnimplementedResellerServiceServer
	Commissions *commissions.Service
}

func (s *ResellerServer) RegisterReseller(ctx context.Context, req *esimv1.RegisterResellerRequest) (*esimv1.Reseller, error) {
	rs, err := s.Commissions.Register(ctx, commissions.RegisterInput{
		Code:          req.GetCode(),
		Name:          req.GetName(),
		CommissionBps: req.GetCommissionBps(),
		Currency:      req.GetCurrency(),
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return resellerPB(rs), nil
}

func (s *ResellerServer) SettleCommissions(ctx context.Context, req *esimv1.SettleCommissionsRequest) (*esimv1.Settlement, error) {
	end, err := time.Parse(time.RFC3339, req.GetPeriodEnd())
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, "period_end must be RFC 3339")
	}
	if end.After(time.Now()) {
		return nil, status.Error(codes.InvalidArgument, "period_end is in the future")
	}
	st, err := s.Commissions.Settle(ctx, req.GetResellerId(), end)
	if err != nil {
		return nil, toStatus(err)
	}
	return settlementPB(st), nil
}

func (s *ResellerServer) GetBalance(ctx context.Context, req *esimv1.GetBalanceRequest) (*esimv1.Reseller, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if p.Role == auth.RoleReseller && p.ResellerID != req.GetResellerId() {
		return nil, status.Error(codes.PermissionDenied, "not your reseller account")
	}
	rs, err := s.Commissions.Balance(ctx, req.GetResellerId())
	if err != nil {
		return nil, toStatus(err)
	}
	return resellerPB(rs), nil
}
