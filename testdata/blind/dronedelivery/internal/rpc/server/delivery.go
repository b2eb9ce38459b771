package server

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/skyhop-logistics/dronedelivery/internal/command"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/rpc/dronepb"
	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
	"github.com/skyhop-logistics/dronedelivery/internal/service/orders"
	"github.com/skyhop-logistics/dronedelivery/internal/service/pod"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// DeliveryServer implements dronepb.DeliveryServiceServer.
type DeliveryServer struct {
	dronepb.UnimplementedDeliveryServiceServer

	CreateOrderHandler command.Handler[orders.CreateOrderCmd, *domain.Order]
	UpgradeHandler     command.Handler[orders.UpgradeCmd, *domain.Order]
	SubmitPODHandler   command.Handler[pod.SubmitCmd, *domain.ProofOfDelivery]
	LoadOrder          func(ctx context.Context, id uuid.UUID) (*domain.Order, error)
}

func orderToPB(o *domain.Order) *dronepb.Order {
	return &dronepb.Order{
		ID:            o.ID.String(),
		MerchantRef:   o.MerchantRef,
		Status:        string(o.Status),
		Priority:      string(o.Priority),
		PickupDepotID: o.PickupDepotID,
		Dropoff:       dronepb.Point{Lat: o.Dropoff.Lat, Lng: o.Dropoff.Lng},
		FeeCents:      o.FeeCents,
		Currency:      o.Currency,
		CreatedAt:     o.CreatedAt.UTC().Format(time.RFC3339),
	}
}

func merchantCaller(ctx context.Context) (Principal, error) {
	p, ok := PrincipalFrom(ctx)
	if !ok || p.Role != RoleMerchant {
		return Principal{}, status.Error(codes.PermissionDenied, "merchant credentials required")
	}
	return p, nil
}

// CreateOrder books a delivery for the calling merchant.
func (s *DeliveryServer) CreateOrder(ctx context.Context, req *dronepb.CreateOrderRequest) (*dronepb.CreateOrderResponse, error) {
	p, err := merchantCaller(ctx)
	if err != nil {
		return nil, err
	}
	o, err := s.CreateOrderHandler.Handle(ctx, orders.CreateOrderCmd{
		MerchantID:     p.MerchantID,
		MerchantRef:    req.MerchantRef,
		PickupDepotID:  req.PickupDepotID,
		Dropoff:        domain.Point{Lat: req.Dropoff.Lat, Lng: req.Dropoff.Lng},
		RecipientName:  req.RecipientName,
		RecipientPhone: req.RecipientPhone,
		ParcelGrams:    int(req.ParcelGrams),
		Priority:       domain.Priority(req.Priority),
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.CreateOrderResponse{Order: orderToPB(o)}, nil
}

// UpgradeToExpress upgrades one of the caller's orders.
func (s *DeliveryServer) UpgradeToExpress(ctx context.Context, req *dronepb.UpgradeToExpressRequest) (*dronepb.UpgradeToExpressResponse, error) {
	p, err := merchantCaller(ctx)
	if err != nil {
		return nil, err
	}
	id, err := parseUUID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	existing, err := s.LoadOrder(ctx, id)
	if err != nil {
		return nil, toStatus(err)
	}
	if existing.MerchantID != p.MerchantID {
		return nil, status.Error(codes.NotFound, "order not found")
	}
	o, err := s.UpgradeHandler.Handle(ctx, orders.UpgradeCmd{OrderID: id})
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.UpgradeToExpressResponse{Order: orderToPB(o)}, nil
}

// SubmitProofOfDelivery is called by the drone after releasing the parcel.
func (s *DeliveryServer) SubmitProofOfDelivery(ctx context.Context, req *dronepb.SubmitProofOfDeliveryRequest) (*dronepb.SubmitProofOfDeliveryResponse, error) {
	if p, ok := PrincipalFrom(ctx); !ok || p.Role != RoleDrone {
		return nil, status.Error(codes.PermissionDenied, "drone credentials required")
	}
	id, err := parseUUID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	captured, err := parseTime("captured_at", req.CapturedAt)
	if err != nil {
		return nil, err
	}
	if captured.IsZero() {
		captured = time.Now()
	}
	proof, err := s.SubmitPODHandler.Handle(ctx, pod.SubmitCmd{
		OrderID:    id,
		DroneID:    req.DroneID,
		Photo:      req.PhotoJPEG,
		CapturedAt: captured,
		Location:   domain.Point{Lat: req.Location.Lat, Lng: req.Location.Lng},
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.SubmitProofOfDeliveryResponse{
		OrderID:     proof.OrderID.String(),
		PhotoKey:    proof.PhotoKey,
		PhotoSHA256: proof.PhotoSHA256,
	}, nil
}

// BillingServer implements dronepb.BillingServiceServer for merchants.
type BillingServer struct {
	dronepb.UnimplementedBillingServiceServer

	RefundHandler command.Handler[billing.GoodwillRefundCmd, *domain.Refund]
}

// RequestRefund asks for part of a delivered order's fee back.
func (s *BillingServer) RequestRefund(ctx context.Context, req *dronepb.RequestRefundRequest) (*dronepb.RequestRefundResponse, error) {
	p, err := merchantCaller(ctx)
	if err != nil {
		return nil, err
	}
	orderID, err := parseUUID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	r, err := s.RefundHandler.Handle(ctx, billing.GoodwillRefundCmd{
		OrderID:     orderID,
		MerchantID:  p.MerchantID,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.RequestRefundResponse{Refund: &dronepb.Refund{
		ID:          r.ID.String(),
		OrderID:     r.OrderID.String(),
		AmountCents: r.AmountCents,
		Status:      string(r.Status),
	}}, nil
}
