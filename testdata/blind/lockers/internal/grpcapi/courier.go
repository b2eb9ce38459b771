package grpcapi

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/quayside/lockers/internal/courier"
	"github.com/quayside/lockers/internal/domain"
	lockerv1 "github.com/quayside/lockers/proto/lockerv1"
)

type CourierServer struct {
	lockerv1.UnimplementedCourierServiceServer
	svc courier.Service
}

func NewCourierServer(svc courier.Service) *CourierServer {
	return &CourierServer{svc: svc}
}

func courierID(ctx context.Context, claimed string) (string, error) {
	p, ok := PrincipalFrom(ctx)
	if !ok {
		return "", status.Error(codes.Unauthenticated, "no principal")
	}
	if claimed != "" && claimed != p.ID {
		return "", status.Error(codes.PermissionDenied, "courier_id does not match caller")
	}
	return p.ID, nil
}

func (s *CourierServer) ReserveCompartment(ctx context.Context, in *lockerv1.ReserveCompartmentRequest) (*lockerv1.ReserveCompartmentResponse, error) {
	cid, err := courierID(ctx, in.CourierId)
	if err != nil {
		return nil, err
	}
	res, err := s.svc.Reserve(ctx, courier.ReserveInput{
		RequestID:  in.GetRequestId(),
		CourierID:  cid,
		LockerID:   in.LockerId,
		ShipmentID: in.ShipmentId,
		Size:       domain.Size(in.Size),
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.ReserveCompartmentResponse{
		ReservationId: res.ReservationID,
		CompartmentId: res.CompartmentID,
		Label:         res.Label,
		ExpiresAt:     res.ExpiresAt,
	}, nil
}

func (s *CourierServer) DepositParcel(ctx context.Context, in *lockerv1.DepositParcelRequest) (*lockerv1.DepositParcelResponse, error) {
	cid, err := courierID(ctx, in.CourierId)
	if err != nil {
		return nil, err
	}
	if in.ReservationId == "" || in.Barcode == "" {
		return nil, status.Error(codes.InvalidArgument, "reservation_id and barcode are required")
	}
	dep, err := s.svc.Deposit(ctx, courier.DepositInput{
		ReservationID: in.ReservationId,
		CourierID:     cid,
		Barcode:       in.Barcode,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.DepositParcelResponse{ParcelId: dep.ParcelID, PickupDeadline: dep.PickupDeadline}, nil
}

func (s *CourierServer) CancelReservation(ctx context.Context, in *lockerv1.CancelReservationRequest) (*lockerv1.CancelReservationResponse, error) {
	cid, err := courierID(ctx, in.CourierId)
	if err != nil {
		return nil, err
	}
	st, err := s.svc.CancelReservation(ctx, in.ReservationId, cid, in.Reason)
	if err != nil {
		return nil, toStatus(err)
	}
	return &lockerv1.CancelReservationResponse{Status: string(st)}, nil
}
