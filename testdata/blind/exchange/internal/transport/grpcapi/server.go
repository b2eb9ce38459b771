package grpcapi

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/halyard/funding/internal/service/risk"
	"github.com/halyard/funding/internal/service/withdrawals"
	"github.com/halyard/funding/internal/store"
)

// Server implements RiskControlServer on top of the services.
type Server struct {
	risk        *risk.Service
	withdrawals *withdrawals.Service
}

// NewServer wires a Server.
func NewServer(r *risk.Service, w *withdrawals.Service) *Server {
	return &Server{risk: r, withdrawals: w}
}

var _ RiskControlServer = (*Server)(nil)

// PlaceHold implements RiskControlServer.
func (s *Server) PlaceHold(ctx context.Context, req *PlaceHoldRequest) (*HoldReply, error) {
	if req.HoldID == "" || req.UserID == "" || req.Amount <= 0 {
		return nil, status.Error(codes.InvalidArgument, "hold_id, user_id and positive amount are required")
	}
	h, err := s.risk.PlaceHold(ctx, risk.HoldRequest{
		HoldID: req.HoldID, UserID: req.UserID, Asset: req.Asset, Amount: req.Amount, Reason: req.Reason,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &HoldReply{HoldID: h.ID, AccountID: h.AccountID, Amount: h.Amount, ReleasedAt: h.ReleasedAt}, nil
}

// ReleaseHold implements RiskControlServer.
func (s *Server) ReleaseHold(ctx context.Context, req *ReleaseHoldRequest) (*HoldReply, error) {
	h, err := s.risk.ReleaseHold(ctx, req.HoldID)
	if err != nil {
		return nil, toStatus(err)
	}
	return &HoldReply{HoldID: h.ID, AccountID: h.AccountID, Amount: h.Amount, ReleasedAt: h.ReleasedAt}, nil
}

// DecideWithdrawal implements RiskControlServer.
func (s *Server) DecideWithdrawal(ctx context.Context, req *DecideWithdrawalRequest) (*WithdrawalReply, error) {
	w, err := s.withdrawals.ApplyRiskDecision(ctx, withdrawals.Decision{
		WithdrawalID: req.WithdrawalID,
		Verdict:      req.Verdict,
		Score:        req.Score,
		Reason:       req.Reason,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &WithdrawalReply{WithdrawalID: w.ID, Status: w.Status}, nil
}

// FlagDeposit implements RiskControlServer.
func (s *Server) FlagDeposit(ctx context.Context, req *FlagDepositRequest) (*FlagDepositReply, error) {
	c, err := s.risk.FlagDeposit(ctx, risk.FlagRequest{DepositID: req.DepositID, Reason: req.Reason, Score: req.Score})
	if err != nil {
		return nil, toStatus(err)
	}
	return &FlagDepositReply{CaseID: c.ID}, nil
}

// SetWithdrawalLimit implements RiskControlServer.
func (s *Server) SetWithdrawalLimit(ctx context.Context, req *SetWithdrawalLimitRequest) (*LimitReply, error) {
	l, err := s.risk.SetLimit(ctx, risk.LimitRequest{UserID: req.UserID, Asset: req.Asset, DailyLimit: req.DailyLimit, SetBy: req.SetBy})
	if err != nil {
		return nil, toStatus(err)
	}
	return &LimitReply{UserID: l.UserID, Asset: l.Asset, DailyLimit: l.DailyLimit}, nil
}

func toStatus(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, risk.ErrUnknownDeposit):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, store.ErrInsufficientFunds):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, withdrawals.ErrInvalidState):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	default:
		return status.Error(codes.Unavailable, err.Error())
	}
}

// LoggingInterceptor logs each call.
func LoggingInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		log.InfoContext(ctx, "grpc", "method", info.FullMethod, "code", status.Code(err).String(), "dur_ms", time.Since(start).Milliseconds())
		return resp, err
	}
}

// NewGRPCServer builds a grpc.Server with the service registered.
func NewGRPCServer(srv RiskControlServer, log *slog.Logger) *grpc.Server {
	g := grpc.NewServer(
		grpc.ForceServerCodec(Codec{}),
		grpc.ChainUnaryInterceptor(LoggingInterceptor(log)),
	)
	g.RegisterService(&ServiceDesc, srv)
	return g
}
