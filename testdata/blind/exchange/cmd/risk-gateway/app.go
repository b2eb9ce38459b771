package main

import (
	"log/slog"

	"google.golang.org/grpc"

	"github.com/halyard/funding/internal/service/risk"
	"github.com/halyard/funding/internal/service/withdrawals"
	"github.com/halyard/funding/internal/transport/grpcapi"
)

type gateway struct {
	server *grpc.Server
	log    *slog.Logger
}

func newGateway(s *grpc.Server, log *slog.Logger) *gateway {
	return &gateway{server: s, log: log}
}

func provideRiskControl(r *risk.Service, w *withdrawals.Service) grpcapi.RiskControlServer {
	return grpcapi.NewServer(r, w)
}
