package grpcapi

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/service/accounts"
	"github.com/northgate/tolls/internal/service/billing"
)

// BillingServer implements BillingServiceServer.
type BillingServer struct {
	billing  billing.Service
	accounts accounts.Service
	log      *zap.Logger
}

// NewBillingServer returns a BillingServer.
func NewBillingServer(b billing.Service, a accounts.Service, log *zap.Logger) *BillingServer {
	return &BillingServer{billing: b, accounts: a, log: log.Named("grpc.billing")}
}

// TopUp implements BillingServiceServer.
func (s *BillingServer) TopUp(ctx context.Context, req *TopUpRequest) (*TopUpResponse, error) {
	t, err := s.billing.TopUp(ctx, billing.TopUpParams{
		AccountID:      req.AccountID,
		AmountCents:    req.AmountCents,
		IdempotencyKey: req.IdempotencyKey,
	})
	if err != nil && t == nil {
		return nil, toStatus(err)
	}
	return &TopUpResponse{TopUpID: t.ID, Status: t.Status, AmountCents: t.AmountCents, FailureReason: t.FailureReason}, nil
}

// PayOutstanding implements BillingServiceServer.
func (s *BillingServer) PayOutstanding(ctx context.Context, req *PayOutstandingRequest) (*PaymentResponse, error) {
	p, err := s.billing.PayOutstanding(ctx, req.AccountID)
	if err != nil {
		return nil, toStatus(err)
	}
	return &PaymentResponse{PaymentID: p.ID, Status: p.Status, AmountCents: p.AmountCents, PSPReference: p.PSPReference}, nil
}

// GetBalance implements BillingServiceServer.
func (s *BillingServer) GetBalance(ctx context.Context, req *GetBalanceRequest) (*GetBalanceResponse, error) {
	reqID := ids.RequestID()
	start := time.Now()
	view, err := s.billing.Balance(ctx, req.AccountID)
	s.log.Debug("balance lookup", zap.String("request_id", reqID), zap.String("account_id", req.AccountID),
		zap.Duration("took", time.Since(start)), zap.Error(err))
	if err != nil {
		return nil, toStatus(err)
	}
	out := &GetBalanceResponse{
		AccountID:        view.AccountID,
		BalanceCents:     view.BalanceCents,
		OutstandingCents: view.OutstandingCents,
	}
	for _, e := range view.Recent {
		out.Recent = append(out.Recent, LedgerLine{
			ID: e.ID, Kind: e.Kind, AmountCents: e.AmountCents, Memo: e.Memo,
			CreatedAt: e.CreatedAt.Format(time.RFC3339),
		})
	}
	return out, nil
}

// SetAutoTopUp implements BillingServiceServer.
func (s *BillingServer) SetAutoTopUp(ctx context.Context, req *SetAutoTopUpRequest) (*SetAutoTopUpResponse, error) {
	acct, err := s.accounts.SetAutoTopUp(ctx, req.AccountID, req.ThresholdCents, req.AmountCents)
	if err != nil {
		return nil, toStatus(err)
	}
	return &SetAutoTopUpResponse{Account: accountToWire(acct)}, nil
}
