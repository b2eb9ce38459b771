package grpcapi

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/ridgeline-coffee/roastery/internal/roasting"
)

// Server implements RoastFloorServer on top of the roasting service.
type Server struct {
	Roasting roasting.Service
	Log      *slog.Logger
}

// RecordRoastBatch records a batch. The floor app calls with a 5s deadline
// and retries on Unavailable or DeadlineExceeded.
func (s *Server) RecordRoastBatch(ctx context.Context, req *RecordRoastBatchRequest) (*RecordRoastBatchResponse, error) {
	lotID, err := uuid.Parse(req.GreenLotID)
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, "green_lot_id must be a UUID")
	}
	started, err := time.Parse(time.RFC3339, req.StartedAt)
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, "started_at must be RFC 3339")
	}
	batch, err := s.Roasting.RecordBatch(ctx, roasting.RecordBatchRequest{
		GreenLotID: lotID,
		MachineID:  req.MachineID,
		Profile:    req.Profile,
		Operator:   req.Operator,
		SKU:        req.SKU,
		GreenKg:    req.GreenKg,
		RoastedKg:  req.RoastedKg,
		StartedAt:  started,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &RecordRoastBatchResponse{BatchID: batch.ID, Bags: batch.Bags}, nil
}

// AdjustInventory applies a stock correction.
func (s *Server) AdjustInventory(ctx context.Context, req *AdjustInventoryRequest) (*AdjustInventoryResponse, error) {
	inv, applied, err := s.Roasting.Adjust(ctx, roasting.AdjustmentRequest{
		AdjustmentID: req.AdjustmentID,
		SKU:          req.SKU,
		DeltaBags:    req.DeltaBags,
		Reason:       req.Reason,
		CreatedBy:    req.CreatedBy,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &AdjustInventoryResponse{SKU: inv.SKU, BagsOnHand: inv.BagsOnHand, BagsReserved: inv.BagsReserved, Applied: applied}, nil
}

// GetInventory returns stock for one SKU.
func (s *Server) GetInventory(ctx context.Context, req *GetInventoryRequest) (*GetInventoryResponse, error) {
	inv, err := s.Roasting.Inventory(ctx, req.SKU)
	if err != nil {
		return nil, toStatus(err)
	}
	return &GetInventoryResponse{SKU: inv.SKU, BagsOnHand: inv.BagsOnHand, BagsReserved: inv.BagsReserved, Available: inv.Available()}, nil
}

func toStatus(err error) error {
	switch {
	case errors.Is(err, roasting.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, roasting.ErrUnknownSKU):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, roasting.ErrInsufficientGreen), errors.Is(err, roasting.ErrNegativeStock):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	default:
		return status.Error(codes.Internal, err.Error())
	}
}

// LoggingInterceptor logs every unary call.
func LoggingInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		started := time.Now()
		resp, err := handler(ctx, req)
		log.Info("grpc", "method", info.FullMethod, "code", status.Code(err).String(),
			"duration_ms", time.Since(started).Milliseconds())
		return resp, err
	}
}

// NewGRPCServer builds the grpc.Server with the service registered.
func NewGRPCServer(impl *Server, log *slog.Logger) *grpc.Server {
	s := grpc.NewServer(grpc.ChainUnaryInterceptor(LoggingInterceptor(log)))
	RegisterRoastFloorServer(s, impl)
	return s
}
