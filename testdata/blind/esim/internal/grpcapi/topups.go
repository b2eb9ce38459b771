package grpcapi

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/globetrek/esim-platform/internal/pb/esimv1"
	"github.com/globetrek/esim-platform/internal/service/topups"
)

// TopUpServer implements esim.v1.TopUpService.
type TopUpServer struct {
	esimv1.UnimplementedTopUpServiceServer
	TopUps *topups.Service
}

func (s *TopUpServer) CreateTopUp(ctx context.Context, req *esimv1.CreateTopUpRequest) (*esimv1.TopUp, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if req.GetEsimId() == "" || req.GetBundleSku() == "" {
		return nil, status.Error(codes.InvalidArgument, "esim_id and bundle_sku are required")
	}
	t, err := s.TopUps.Create(ctx, topups.CreateInput{
		CustomerID: p.Subject,
		EsimID:     req.GetEsimId(),
		BundleSKU:  req.GetBundleSku(),
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return topUpPB(t), nil
}
