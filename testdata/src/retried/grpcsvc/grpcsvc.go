// Package grpcsvc declares a gRPC service and its generated registrar,
// as an older protoc-gen-go writes them (no Unimplemented server to
// embed); another package registers it.
package grpcsvc

import (
	"context"

	"google.golang.org/grpc"
)

type CreateReq struct{ ID string }
type CreateRes struct{}

type OrdersServer interface {
	Create(ctx context.Context, req *CreateReq) (*CreateRes, error)
}

func RegisterOrdersServer(s *grpc.Server, srv OrdersServer) {}

// Service implements OrdersServer.
type Service struct{}

func (s *Service) Create(ctx context.Context, req *CreateReq) (*CreateRes, error) { return nil, nil }

// Close takes no context: no gRPC method.
func (s *Service) Close() error { return nil }
