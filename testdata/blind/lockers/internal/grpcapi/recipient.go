package grpcapi

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/quayside/lockers/internal/recipient"
	lockerv1 "github.com/quayside/lockers/proto/lockerv1"
)

type RecipientServer struct {
	lockerv1.UnimplementedRecipientServiceServer
	svc recipient.Service
}

func NewRecipientServer(svc recipient.Service) *RecipientServer {
	return &RecipientServer{svc: svc}
}

func (s *RecipientServer) OpenCompartment(ctx context.Context, in *lockerv1.OpenCompartmentRequest) (*lockerv1.OpenCompartmentResponse, error) {
	if in.ParcelId == "" || in.PickupCode == "" {
		return nil, status.Error(codes.InvalidArgument, "parcel_id and pickup_code are required")
	}
	res, err := s.svc.OpenCompartment(ctx, in.ParcelId, in.PickupCode)
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.OpenCompartmentResponse{CompartmentLabel: res.CompartmentLabel, CommandId: res.CommandID}, nil
}

func (s *RecipientServer) ResendPickupCode(ctx context.Context, in *lockerv1.ResendPickupCodeRequest) (*lockerv1.ResendPickupCodeResponse, error) {
	sent, err := s.svc.ResendPickupCode(ctx, in.ParcelId, in.Phone, in.RequestId)
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.ResendPickupCodeResponse{Sent: sent}, nil
}

func (s *RecipientServer) ExtendPickup(ctx context.Context, in *lockerv1.ExtendPickupRequest) (*lockerv1.ExtendPickupResponse, error) {
	if in.PaymentToken == "" {
		return nil, status.Error(codes.InvalidArgument, "payment_token is required")
	}
	ext, err := s.svc.ExtendPickup(ctx, recipient.ExtendInput{
		RequestID:    in.RequestId,
		ParcelID:     in.ParcelId,
		Days:         int(in.Days),
		PaymentToken: in.PaymentToken,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.ExtendPickupResponse{
		ExtensionId:    ext.ExtensionID,
		PickupDeadline: ext.PickupDeadline,
		ChargedCents:   ext.ChargedCents,
	}, nil
}
