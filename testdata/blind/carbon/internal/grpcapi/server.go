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

	"github.com/terravault/carbonreg/internal/service"
)

// Server implements TransferServiceServer on the services.
type Server struct {
	transfers service.TransferService
	exports   service.ExportService
	log       *slog.Logger
}

// NewServer returns the gRPC implementation.
func NewServer(t service.TransferService, e service.ExportService, log *slog.Logger) *Server {
	return &Server{transfers: t, exports: e, log: log}
}

var _ TransferServiceServer = (*Server)(nil)

func ids(pairs ...string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		id, err := uuid.Parse(pairs[i+1])
		if err != nil {
			return nil, status.Errorf(codes.InvalidArgument, "%s: not a UUID", pairs[i])
		}
		out = append(out, id)
	}
	return out, nil
}

func (s *Server) InternalTransfer(ctx context.Context, in *TransferRequest) (*TransferReply, error) {
	u, err := ids("from_account", in.FromAccount, "to_account", in.ToAccount, "batch_id", in.BatchID)
	if err != nil {
		return nil, err
	}
	t, err := s.transfers.Internal(ctx, service.TransferRequest{
		RequestKey:  in.Reference,
		FromAccount: u[0],
		ToAccount:   u[1],
		BatchID:     u[2],
		Quantity:    in.Quantity,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &TransferReply{TransferID: t.ID.String(), Status: t.Status}, nil
}

func (s *Server) ReserveCredits(ctx context.Context, in *ReserveRequest) (*ReserveReply, error) {
	u, err := ids("account_id", in.AccountID, "batch_id", in.BatchID)
	if err != nil {
		return nil, err
	}
	r, err := s.transfers.Reserve(ctx, in.ReservationRef, u[0], u[1], in.Quantity)
	if err != nil {
		return nil, toStatus(err)
	}
	return &ReserveReply{ReservationID: r.ID.String(), Status: r.Status, Quantity: r.Quantity}, nil
}

func (s *Server) ReleaseReservation(ctx context.Context, in *ReleaseRequest) (*ReleaseReply, error) {
	if in.ReservationRef == "" {
		return nil, status.Error(codes.InvalidArgument, "reservation_ref is required")
	}
	released, err := s.transfers.Release(ctx, in.ReservationRef)
	if err != nil {
		return nil, toStatus(err)
	}
	return &ReleaseReply{Released: released}, nil
}

func (s *Server) ExportCredits(ctx context.Context, in *ExportRequest) (*ExportReply, error) {
	u, err := ids("account_id", in.AccountID, "batch_id", in.BatchID)
	if err != nil {
		return nil, err
	}
	e, err := s.exports.Export(ctx, service.ExportRequest{
		Reference:           in.Reference,
		AccountID:           u[0],
		BatchID:             u[1],
		Quantity:            in.Quantity,
		DestinationRegistry: in.DestinationRegistry,
		DestinationAccount:  in.DestinationAccount,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &ExportReply{ExportID: e.ID.String(), PartnerTransferID: e.PartnerTransferID}, nil
}

func toStatus(err error) error {
	switch {
	case errors.Is(err, service.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, service.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, service.ErrConflict):
		return status.Error(codes.AlreadyExists, err.Error())
	case errors.Is(err, service.ErrState), errors.Is(err, service.ErrInsufficient):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	}
	return status.Error(codes.Unavailable, err.Error())
}

// LoggingInterceptor logs every call with its latency and status code.
func LoggingInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, next grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := next(ctx, req)
		log.InfoContext(ctx, "grpc", "method", info.FullMethod, "code", status.Code(err).String(),
			"duration_ms", time.Since(start).Milliseconds())
		return resp, err
	}
}

// NewGRPCServer builds a grpc.Server with the JSON codec and the service
// registered.
func NewGRPCServer(srv TransferServiceServer, log *slog.Logger) *grpc.Server {
	s := grpc.NewServer(
		grpc.ForceServerCodec(Codec()),
		grpc.ChainUnaryInterceptor(LoggingInterceptor(log)),
	)
	Register(s, srv)
	return s
}
