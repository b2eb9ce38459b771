package grpcapi

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/partner"
	lockerv1 "github.com/quayside/lockers/proto/lockerv1"
)

type PartnerServer struct {
	lockerv1.UnimplementedPartnerServiceServer
	svc partner.Service
}

func NewPartnerServer(svc partner.Service) *PartnerServer {
	return &PartnerServer{svc: svc}
}

func partnerID(ctx context.Context, claimed string) (string, error) {
	p, ok := PrincipalFrom(ctx)
	if !ok {
		return "", status.Error(codes.Unauthenticated, "no principal")
	}
	if claimed != "" && claimed != p.ID {
		return "", status.Error(codes.PermissionDenied, "partner_id does not match caller")
	}
	return p.ID, nil
}

func toShipment(s domain.Shipment) *lockerv1.Shipment {
	return &lockerv1.Shipment{
		ShipmentId:  s.ID,
		PartnerId:   s.PartnerID,
		ExternalRef: s.ExternalRef,
		LockerId:    s.LockerID,
		Status:      string(s.Status),
		CreatedAt:   s.CreatedAt,
	}
}

func (s *PartnerServer) CreateShipment(ctx context.Context, in *lockerv1.CreateShipmentRequest) (*lockerv1.CreateShipmentResponse, error) {
	pid, err := partnerID(ctx, in.PartnerId)
	if err != nil {
		return nil, err
	}
	sh, _, err := s.svc.CreateShipment(ctx, partner.CreateShipmentInput{
		PartnerID:      pid,
		ExternalRef:    in.ExternalRef,
		LockerID:       in.LockerId,
		RecipientName:  in.RecipientName,
		RecipientPhone: in.RecipientPhone,
		Size:           domain.Size(in.Size),
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.CreateShipmentResponse{Shipment: toShipment(sh)}, nil
}

func (s *PartnerServer) CancelShipment(ctx context.Context, in *lockerv1.CancelShipmentRequest) (*lockerv1.CancelShipmentResponse, error) {
	pid, err := partnerID(ctx, in.PartnerId)
	if err != nil {
		return nil, err
	}
	sh, err := s.svc.CancelShipment(ctx, pid, in.ShipmentId)
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.CancelShipmentResponse{Shipment: toShipment(sh)}, nil
}

func (s *PartnerServer) RequestReturn(ctx context.Context, in *lockerv1.RequestReturnRequest) (*lockerv1.RequestReturnResponse, error) {
	pid, err := partnerID(ctx, in.PartnerId)
	if err != nil {
		return nil, err
	}
	res, err := s.svc.RequestReturn(ctx, partner.ReturnInput{
		RequestID:  in.RequestId,
		PartnerID:  pid,
		ShipmentID: in.ShipmentId,
		Reason:     in.Reason,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.RequestReturnResponse{ReturnId: res.ReturnID, FeeCents: res.FeeCents, Status: res.Status}, nil
}
