package grpcapi

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/payments"
	"github.com/kickoffbet/sportsbook/internal/pb"
	"github.com/kickoffbet/sportsbook/internal/wallet"
	"github.com/kickoffbet/sportsbook/internal/withdrawals"
)

// Withdrawer files withdrawal requests.
type Withdrawer interface {
	Request(ctx context.Context, in withdrawals.RequestInput) (*withdrawals.Withdrawal, error)
}

// LimitSetter changes responsible-gambling limits.
type LimitSetter interface {
	Set(ctx context.Context, playerID, limitType, period string, amount int64) (*limits.Limit, error)
}

// WalletServer implements pb.WalletServiceServer.
type WalletServer struct {
	pb.UnimplementedWalletServiceServer

	Payments    payments.Service
	Withdrawals Withdrawer
	Limits      LimitSetter
	Wallet      wallet.Service
	MaxDeposit  int64
}

var _ pb.WalletServiceServer = (*WalletServer)(nil)

// Deposit starts a card deposit.
func (s *WalletServer) Deposit(ctx context.Context, req *pb.DepositRequest) (*pb.DepositResponse, error) {
	if req.GetRequestId() == "" {
		return nil, status.Error(codes.InvalidArgument, "request_id is required")
	}
	if req.GetAmount() <= 0 || (s.MaxDeposit > 0 && req.GetAmount() > s.MaxDeposit) {
		return nil, status.Error(codes.InvalidArgument, "amount out of range")
	}
	res, err := s.Payments.Deposit(ctx, payments.DepositRequest{
		PlayerID:    PlayerID(ctx),
		RequestID:   req.RequestId,
		Amount:      req.Amount,
		Currency:    req.Currency,
		MethodToken: req.PaymentMethodToken,
		ReturnURL:   req.ReturnUrl,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &pb.DepositResponse{DepositId: res.DepositID, Status: res.Status, RedirectUrl: res.RedirectURL}, nil
}

// Withdraw requests a payout of available cash.
func (s *WalletServer) Withdraw(ctx context.Context, req *pb.WithdrawRequest) (*pb.WithdrawResponse, error) {
	if req.Amount <= 0 || req.Destination == "" {
		return nil, status.Error(codes.InvalidArgument, "amount and destination are required")
	}
	w, err := s.Withdrawals.Request(ctx, withdrawals.RequestInput{
		PlayerID:    PlayerID(ctx),
		RequestKey:  req.GetRequestId(),
		Amount:      req.Amount,
		Currency:    req.Currency,
		Destination: req.Destination,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &pb.WithdrawResponse{
		WithdrawalId: w.ID,
		Status:       w.Status,
		Amount:       w.Amount,
		RequestedAt:  w.RequestedAt.Format(time.RFC3339),
	}, nil
}

// SetLimit sets a deposit, loss or stake limit.
func (s *WalletServer) SetLimit(ctx context.Context, req *pb.SetLimitRequest) (*pb.SetLimitResponse, error) {
	l, err := s.Limits.Set(ctx, PlayerID(ctx), req.LimitType, req.Period, req.Amount)
	if err != nil {
		return nil, toStatus(err)
	}
	resp := &pb.SetLimitResponse{LimitType: l.LimitType, Period: l.Period, Amount: l.Amount}
	if l.PendingAmount != nil && l.PendingFrom != nil {
		resp.PendingAmount = *l.PendingAmount
		resp.PendingFrom = l.PendingFrom.Format(time.RFC3339)
	}
	return resp, nil
}

// Balance returns the player's balances.
func (s *WalletServer) Balance(ctx context.Context, _ *pb.GetBalanceRequest) (*pb.BalanceResponse, error) {
	b, err := s.Wallet.Balance(ctx, PlayerID(ctx))
	if err != nil {
		return nil, toStatus(err)
	}
	return &pb.BalanceResponse{
		Currency: b.Currency, Cash: b.Cash, Bonus: b.Bonus, Reserved: b.Reserved, Available: b.Available,
	}, nil
}
