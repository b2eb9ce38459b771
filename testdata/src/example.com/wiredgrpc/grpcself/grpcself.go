// Package grpcself registers its gRPC server itself: its methods are
// roots of the package.
package grpcself

import (
	"context"

	"google.golang.org/grpc"

	"example.com/wiredgrpc/app"
)

type HoldReq struct{ Total int64 }
type HoldRes struct{}

// HoldsServer is the service's server interface.
type HoldsServer interface {
	Hold(ctx context.Context, req *HoldReq) (*HoldRes, error)
	Stamp(ctx context.Context, req *HoldReq) (*HoldRes, error)
	Credit(ctx context.Context, req *HoldReq) (*HoldRes, error)
}

// RegisterHoldsServer registers srv with s.
func RegisterHoldsServer(s *grpc.Server, srv HoldsServer) {}

type holds struct{ orders app.Orders }

// Serve registers the holds server with s.
func Serve(s *grpc.Server, orders app.Orders) { RegisterHoldsServer(s, &holds{orders: orders}) }

// Hold places a hold in the call's context.
func (h *holds) Hold(ctx context.Context, req *HoldReq) (*HoldRes, error) {
	return &HoldRes{}, h.orders.Hold(ctx, req.Total)
}

// Stamp stores an order named by the clock.
func (h *holds) Stamp(ctx context.Context, req *HoldReq) (*HoldRes, error) {
	return &HoldRes{}, h.orders.Stamp(ctx)
}

// Credit credits and stores an order.
func (h *holds) Credit(ctx context.Context, req *HoldReq) (*HoldRes, error) {
	return &HoldRes{}, h.orders.Credit(ctx, req.Total)
}
