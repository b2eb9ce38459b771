package grpcapi

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/service"
)

// The server depends on these narrow views of the services.

type SubscriptionAPI interface {
	Create(ctx context.Context, in service.CreateSubscriptionInput) (*domain.Subscription, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Subscription, error)
	Cancel(ctx context.Context, id uuid.UUID, reason string) (*domain.Subscription, error)
}

type LogisticsAPI interface {
	ScheduleDelivery(ctx context.Context, in service.ScheduleDeliveryInput) (*domain.Delivery, error)
	RequestSwap(ctx context.Context, in service.SwapInput) (*domain.Delivery, error)
}

type TelematicsAPI interface {
	Activate(ctx context.Context, vehicleID uuid.UUID, serial string) (*domain.TelematicsDevice, error)
}

type ClaimsAPI interface {
	File(ctx context.Context, in service.FileClaimInput) (*domain.DamageClaim, error)
}

type BillingAPI interface {
	ChargeAdHoc(ctx context.Context, subID uuid.UUID, amountCents int64, description string) (*domain.Charge, error)
}

// Server implements SubscriptionServiceServer.
type Server struct {
	subs       SubscriptionAPI
	logistics  LogisticsAPI
	telematics TelematicsAPI
	claims     ClaimsAPI
	billing    BillingAPI
}

var _ SubscriptionServiceServer = (*Server)(nil)

func NewServer(subs SubscriptionAPI, logistics LogisticsAPI, telematics TelematicsAPI, claims ClaimsAPI, billing BillingAPI) *Server {
	return &Server{subs: subs, logistics: logistics, telematics: telematics, claims: claims, billing: billing}
}

func parseID(field, v string) (uuid.UUID, error) {
	id, err := uuid.Parse(v)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%s: %w", field, domain.ErrInvalidArgument)
	}
	return id, nil
}

func (s *Server) CreateSubscription(ctx context.Context, req *CreateSubscriptionRequest) (*domain.Subscription, error) {
	start, err := time.Parse(dateLayout, req.StartDate)
	if err != nil {
		return nil, toStatus(fmt.Errorf("start_date: %w", domain.ErrInvalidArgument))
	}
	sub, err := s.subs.Create(ctx, service.CreateSubscriptionInput{
		Email:           req.Email,
		Phone:           req.Phone,
		FullName:        req.FullName,
		PlanCode:        req.PlanCode,
		DeliveryAddress: req.DeliveryAddress,
		StartDate:       start,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return sub, nil
}

func (s *Server) GetSubscription(ctx context.Context, req *GetSubscriptionRequest) (*domain.Subscription, error) {
	id, err := parseID("subscription_id", req.SubscriptionID)
	if err != nil {
		return nil, toStatus(err)
	}
	sub, err := s.subs.Get(ctx, id)
	if err != nil {
		return nil, toStatus(err)
	}
	return sub, nil
}

func (s *Server) CancelSubscription(ctx context.Context, req *CancelSubscriptionRequest) (*domain.Subscription, error) {
	id, err := parseID("subscription_id", req.SubscriptionID)
	if err != nil {
		return nil, toStatus(err)
	}
	sub, err := s.subs.Cancel(ctx, id, req.Reason)
	if err != nil {
		return nil, toStatus(err)
	}
	return sub, nil
}

func (s *Server) ScheduleDelivery(ctx context.Context, req *ScheduleDeliveryRequest) (*domain.Delivery, error) {
	subID, err := parseID("subscription_id", req.SubscriptionID)
	if err != nil {
		return nil, toStatus(err)
	}
	vehicleID, err := parseID("vehicle_id", req.VehicleID)
	if err != nil {
		return nil, toStatus(err)
	}
	d, err := s.logistics.ScheduleDelivery(ctx, service.ScheduleDeliveryInput{
		SubscriptionID: subID,
		VehicleID:      vehicleID,
		Window:         domain.TimeWindow{Start: req.Window.Start, End: req.Window.End},
		Notes:          req.Notes,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return d, nil
}

func (s *Server) RequestSwap(ctx context.Context, req *RequestSwapRequest) (*domain.Delivery, error) {
	subID, err := parseID("subscription_id", req.SubscriptionID)
	if err != nil {
		return nil, toStatus(err)
	}
	vehicleID, err := parseID("new_vehicle_id", req.NewVehicleID)
	if err != nil {
		return nil, toStatus(err)
	}
	d, err := s.logistics.RequestSwap(ctx, service.SwapInput{
		SubscriptionID: subID,
		NewVehicleID:   vehicleID,
		Window:         domain.TimeWindow{Start: req.Window.Start, End: req.Window.End},
		Reason:         req.Reason,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return d, nil
}

func (s *Server) ActivateTelematics(ctx context.Context, req *ActivateTelematicsRequest) (*domain.TelematicsDevice, error) {
	vehicleID, err := parseID("vehicle_id", req.VehicleID)
	if err != nil {
		return nil, toStatus(err)
	}
	dev, err := s.telematics.Activate(ctx, vehicleID, req.Serial)
	if err != nil {
		return nil, toStatus(err)
	}
	return dev, nil
}

func (s *Server) FileDamageClaim(ctx context.Context, req *FileDamageClaimRequest) (*domain.DamageClaim, error) {
	subID, err := parseID("subscription_id", req.SubscriptionID)
	if err != nil {
		return nil, toStatus(err)
	}
	in := service.FileClaimInput{
		SubscriptionID: subID,
		IncidentDate:   req.IncidentDate,
		Description:    req.Description,
		EstimatedCents: req.EstimatedCents,
		PhotoURLs:      req.PhotoURLs,
	}
	if req.IncidentID != "" {
		incID, err := parseID("incident_id", req.IncidentID)
		if err != nil {
			return nil, toStatus(err)
		}
		in.IncidentID = &incID
	}
	claim, err := s.claims.File(ctx, in)
	if err != nil {
		return nil, toStatus(err)
	}
	return claim, nil
}

func (s *Server) ChargeAdHoc(ctx context.Context, req *ChargeAdHocRequest) (*domain.Charge, error) {
	subID, err := parseID("subscription_id", req.SubscriptionID)
	if err != nil {
		return nil, toStatus(err)
	}
	ch, err := s.billing.ChargeAdHoc(ctx, subID, req.AmountCents, req.Description)
	if err != nil {
		return nil, toStatus(err)
	}
	return ch, nil
}
