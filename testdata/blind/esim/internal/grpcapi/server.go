package grpcapi

import (
	"log/slog"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"

	"github.com/globetrek/esim-platform/internal/auth"
	_ "github.com/globetrek/esim-platform/internal/pb/codec" // application/grpc+json
	"github.com/globetrek/esim-platform/internal/pb/esimv1"
)

// Services are the implementations to register.
type Services struct {
	Orders    *OrderServer
	Esims     *EsimServer
	TopUps    *TopUpServer
	Refunds   *RefundServer
	Resellers *ResellerServer
	Usage     *UsageServer
}

// NewServer builds the gRPC server with the interceptor chain and registers
// every service. Clients call the platform services with the json
// content-subtype; health and reflection stay on protobuf.
func NewServer(svcs Services, v auth.Verifier, log *slog.Logger) *grpc.Server {
	srv := grpc.NewServer(
		grpc.ChainUnaryInterceptor(
			Recover(log),
			Logging(log),
			Auth(v),
			Idempotency(),
		),
	)
	esimv1.RegisterOrderServiceServer(srv, svcs.Orders)
	esimv1.RegisterEsimServiceServer(srv, svcs.Esims)
	esimv1.RegisterTopUpServiceServer(srv, svcs.TopUps)
	esimv1.RegisterRefundServiceServer(srv, svcs.Refunds)
	esimv1.RegisterResellerServiceServer(srv, svcs.Resellers)
	esimv1.RegisterUsageServiceServer(srv, svcs.Usage)

	hs := health.NewServer()
	healthpb.RegisterHealthServer(srv, hs)
	reflection.Register(srv)
	return srv
}
