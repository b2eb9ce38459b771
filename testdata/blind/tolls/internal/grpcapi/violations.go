package grpcapi

import (
	"context"
	"time"

	"github.com/northgate/tolls/internal/service/violations"
)

// ViolationServer implements ViolationServiceServer.
type ViolationServer struct {
	svc violations.Service
}

// NewViolationServer returns a ViolationServer.
func NewViolationServer(svc violations.Service) *ViolationServer {
	return &ViolationServer{svc: svc}
}

// GetViolation implements ViolationServiceServer.
func (s *ViolationServer) GetViolation(ctx context.Context, req *GetViolationRequest) (*Violation, error) {
	v, err := s.svc.Get(ctx, req.ViolationID)
	if err != nil {
		return nil, toStatus(err)
	}
	return &Violation{
		ID: v.ID, Plate: v.PlateState + " " + v.PlateNumber, Status: v.Status,
		AmountCents: v.AmountDue(), PassedAt: v.PassedAt.Format(time.RFC3339), ImageURL: v.ImageURL,
	}, nil
}

// DisputeViolation implements ViolationServiceServer.
func (s *ViolationServer) DisputeViolation(ctx context.Context, req *DisputeViolationRequest) (*DisputeViolationResponse, error) {
	d, err := s.svc.Dispute(ctx, violations.DisputeInput{
		ViolationID: req.ViolationID,
		Reason:      req.Reason,
		Evidence:    req.Evidence,
		SubmittedBy: req.SubmittedBy,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &DisputeViolationResponse{DisputeID: d.ID, Status: d.Status}, nil
}

// PayViolation implements ViolationServiceServer.
func (s *ViolationServer) PayViolation(ctx context.Context, req *PayViolationRequest) (*PaymentResponse, error) {
	p, err := s.svc.Pay(ctx, violations.PayInput{
		ViolationID:      req.ViolationID,
		PaymentToken:     req.PaymentToken,
		ShopperReference: req.ShopperReference,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &PaymentResponse{PaymentID: p.ID, Status: p.Status, AmountCents: p.AmountCents, PSPReference: p.PSPReference}, nil
}
