// Package grpcapi serves the orders over gRPC.
package grpcapi

import (
	"context"
	"time"

	"google.golang.org/grpc"

	"example.com/wiredgrpc/app"
)

type ReserveReq struct{ Total int64 }
type ReserveRes struct{ ID string }
type BatchReq struct{ Totals []int64 }
type BatchRes struct{}
type NoteReq struct{ Text string }
type NoteRes struct{}

// OrdersServer is the service's server interface.
type OrdersServer interface {
	Reserve(ctx context.Context, req *ReserveReq) (*ReserveRes, error)
	Batch(ctx context.Context, req *BatchReq) (*BatchRes, error)
	Note(ctx context.Context, req *NoteReq) (*NoteRes, error)
}

// RegisterOrdersServer registers srv with s.
func RegisterOrdersServer(s *grpc.Server, srv OrdersServer) {}

// Server serves the orders.
type Server struct{ Orders app.Orders }

// Reserve reserves one order, within a deadline of its own.
func (s *Server) Reserve(ctx context.Context, req *ReserveReq) (*ReserveRes, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	id, err := s.Orders.Reserve(ctx, req.Total)
	return &ReserveRes{ID: id}, err
}

// Batch places an order per total, all in the call's context.
func (s *Server) Batch(ctx context.Context, req *BatchReq) (*BatchRes, error) {
	for _, t := range req.Totals {
		if err := s.Orders.Place(ctx, t); err != nil {
			return nil, err
		}
	}
	return &BatchRes{}, nil
}

// Note adds a note through the service, which hands the call's context
// to the store.
func (s *Server) Note(ctx context.Context, req *NoteReq) (*NoteRes, error) {
	return &NoteRes{}, s.Orders.Note(ctx, req.Text)
}
