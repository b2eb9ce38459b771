// Command risk-gateway serves the RiskControl gRPC API used by the
// internal risk engine.
package main

import (
	"context"
	"log"
	"net"
	"os/signal"
	"syscall"

	"github.com/halyard/funding/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		log.Fatalf("config: %v", err)
	}
	a, cleanup, err := initializeGateway(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		log.Fatalf("listen: %v", err)
	}
	go func() {
		<-ctx.Done()
		a.server.GracefulStop()
	}()
	a.log.Info("risk-gateway listening", "addr", cfg.GRPCAddr)
	if err := a.server.Serve(lis); err != nil {
		a.log.Error("serve", "err", err)
	}
}
