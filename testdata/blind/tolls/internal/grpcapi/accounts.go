package grpcapi

import (
	"context"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/service/accounts"
)

// AccountServer implements AccountServiceServer.
type AccountServer struct {
	svc accounts.Service
}

// NewAccountServer returns an AccountServer.
func NewAccountServer(svc accounts.Service) *AccountServer {
	return &AccountServer{svc: svc}
}

func accountToWire(a *domain.Account) *Account {
	if a == nil {
		return nil
	}
	return &Account{
		ID: a.ID, HolderName: a.HolderName, Email: a.Email, Plan: a.Plan, Status: a.Status,
		BalanceCents: a.BalanceCents, OutstandingCents: a.OutstandingCents,
		AutoTopUpThreshold: a.AutoTopUpThreshold, AutoTopUpAmount: a.AutoTopUpAmount,
	}
}

// OpenAccount implements AccountServiceServer.
func (s *AccountServer) OpenAccount(ctx context.Context, req *OpenAccountRequest) (*OpenAccountResponse, error) {
	acct, err := s.svc.Open(ctx, accounts.OpenParams{
		ClientRequestID:  req.ClientRequestID,
		HolderName:       req.HolderName,
		Email:            req.Email,
		Phone:            req.Phone,
		Plan:             req.Plan,
		PaymentToken:     req.PaymentToken,
		ShopperReference: req.ShopperReference,
		SmsAlerts:        req.SmsAlerts,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &OpenAccountResponse{Account: accountToWire(acct)}, nil
}

// RegisterTransponder implements AccountServiceServer.
func (s *AccountServer) RegisterTransponder(ctx context.Context, req *RegisterTransponderRequest) (*RegisterTransponderResponse, error) {
	t, err := s.svc.RegisterTransponder(ctx, req.AccountID, req.Serial)
	if err != nil {
		return nil, toStatus(err)
	}
	return &RegisterTransponderResponse{Serial: t.Serial, AccountID: t.AccountID, Status: t.Status}, nil
}

// AddVehicle implements AccountServiceServer.
func (s *AccountServer) AddVehicle(ctx context.Context, req *AddVehicleRequest) (*AddVehicleResponse, error) {
	v, err := s.svc.AddVehicle(ctx, accounts.VehicleParams{
		AccountID:    req.AccountID,
		PlateState:   req.PlateState,
		PlateNumber:  req.PlateNumber,
		VehicleClass: req.VehicleClass,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &AddVehicleResponse{VehicleID: v.ID, PlateState: v.PlateState, PlateNumber: v.PlateNumber}, nil
}

// CloseAccount implements AccountServiceServer.
func (s *AccountServer) CloseAccount(ctx context.Context, req *CloseAccountRequest) (*CloseAccountResponse, error) {
	res, err := s.svc.Close(ctx, req.AccountID)
	if err != nil {
		return nil, toStatus(err)
	}
	return &CloseAccountResponse{
		Account:     accountToWire(res.Account),
		PayoutCents: res.PayoutCents,
		PayoutRef:   res.PayoutRef,
	}, nil
}
