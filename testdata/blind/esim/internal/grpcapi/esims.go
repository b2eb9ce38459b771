package grpcapi

import (
	"context"

	"github.com/globetrek/esim-platform/internal/idem"
	"github.com/globetrek/esim-platform/internal/pb/esimv1"
	"github.com/globetrek/esim-platform/internal/service/provisioning"
)

// EsimServer implements esim.v1.EsimService.
type EsimServer struct {
	esimv1.UnimplementedEsimServiceServer
	Provisioning *provisioning.Service
}

func (s *EsimServer) GetEsim(ctx context.Context, req *esimv1.GetEsimRequest) (*esimv1.Esim, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	e, err := s.Provisioning.Get(ctx, req.GetEsimId(), customerScope(p))
	if err != nil {
		return nil, toStatus(err)
	}
	return esimPB(e), nil
}

func (s *EsimServer) UpdateLineState(ctx context.Context, req *esimv1.UpdateLineStateRequest) (*esimv1.Esim, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	e, err := s.Provisioning.SetSuspended(ctx, req.GetEsimId(), customerScope(p), req.GetSuspended())
	if err != nil {
		return nil, toStatus(err)
	}
	return esimPB(e), nil
}

func (s *EsimServer) ReissueProfile(ctx context.Context, req *esimv1.ReissueProfileRequest) (*esimv1.Esim, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	key, _ := idem.KeyFrom(ctx)
	e, err := s.Provisioning.Reissue(ctx, req.GetEsimId(), customerScope(p), key)
	if err != nil {
		return nil, toStatus(err)
	}
	return esimPB(e), nil
}
