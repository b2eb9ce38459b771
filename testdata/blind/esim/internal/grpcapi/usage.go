package grpcapi

import (
	"context"

	"github.com/globetrek/esim-platform/internal/pb/esimv1"
	"github.com/globetrek/esim-platform/internal/service/provisioning"
	"github.com/globetrek/esim-platform/internal/service/usage"
)

// UsageServer implements esim.v1.UsageService.
type UsageServer struct {
	esimv1.UnimplementedUsageServiceServer
	Usage        *usage.Service
	Provisioning *provisioning.Service
}

func (s *UsageServer) SetAlertThreshold(ctx context.Context, req *esimv1.SetAlertThresholdRequest) (*esimv1.AlertThreshold, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.Usage.SetThreshold(ctx, req.GetEsimId(), p.Subject, req.GetPercent(), req.GetChannel()); err != nil {
		return nil, toStatus(err)
	}
	ch := req.GetChannel()
	if ch == "" {
		ch = "sms"
	}
	return &esimv1.AlertThreshold{EsimId: req.GetEsimId(), Percent: req.GetPercent(), Channel: ch}, nil
}

func (s *UsageServer) ListAlertThresholds(ctx context.Context, req *esimv1.ListAlertThresholdsRequest) (*esimv1.ListAlertThresholdsResponse, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.Provisioning.Get(ctx, req.GetEsimId(), customerScope(p)); err != nil {
		return nil, toStatus(err)
	}
	list, err := s.Usage.Thresholds(ctx, req.GetEsimId())
	if err != nil {
		return nil, toStatus(err)
	}
	out := &esimv1.ListAlertThresholdsResponse{}
	for _, a := range list {
		out.Thresholds = append(out.Thresholds, &esimv1.AlertThreshold{EsimId: a.EsimID, Percent: a.Percent, Channel: a.Channel})
	}
	return out, nil
}
