package rpc

import (
	"context"
	"errors"
	"log/slog"

	"github.com/rs/xid"
	"go.uber.org/fx"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/saltline-charters/charterhub/internal/pagination"
	"github.com/saltline-charters/charterhub/internal/service"
	"github.com/saltline-charters/charterhub/internal/store"
)

type ListingService interface {
	CreateListing(ctx context.Context, in service.NewBoat) (store.Boat, error)
	ScheduleTrip(ctx context.Context, in service.NewTrip) (store.Trip, error)
	ListTrips(ctx context.Context, in service.TripQuery) (pagination.Page[store.Trip], error)
}

type HoldService interface {
	Hold(ctx context.Context, in service.HoldInput) (store.Hold, error)
	Release(ctx context.Context, holdID string) error
}

type BookingService interface {
	Book(ctx context.Context, holdID string) (service.BookingResult, error)
	ChargeBalance(ctx context.Context, bookingID string) (service.BalanceResult, error)
}

type BerthService interface {
	Request(ctx context.Context, tripID, submissionID string) (store.BerthRequest, error)
}

type CrewService interface {
	Assign(ctx context.Context, tripID string, crew []service.Assignment) error
}

type ExtraService interface {
	Add(ctx context.Context, bookingID, code string, qty int32) (service.ExtraAdded, error)
}

type FuelService interface {
	Order(ctx context.Context, tripID string, litres int32, fuelType string) (service.FuelOrderResult, error)
}

type CancellationService interface {
	Cancel(ctx context.Context, bookingID, reason string) (service.CancelResult, error)
}

type BillingService interface {
	RecordFees(ctx context.Context, bookingID, requestKey string, lines []service.FeeLine) ([]store.TripCharge, error)
}

// ServerParams is filled in by fx.
type ServerParams struct {
	fx.In

	Listings      ListingService
	Holds         HoldService
	Bookings      BookingService
	Berths        BerthService
	Crew          CrewService
	Extras        ExtraService
	Fuel          FuelService
	Cancellations CancellationService
	Billing       BillingService
	Log           *slog.Logger
}

// Server implements ChartersServer on top of the services.
type Server struct {
	p ServerParams
}

func NewServer(p ServerParams) *Server { return &Server{p: p} }

var _ ChartersServer = (*Server)(nil)

func (s *Server) CreateListing(ctx context.Context, req *CreateListingRequest) (*Boat, error) {
	skipper := req.SkipperID
	if skipper == "" {
		skipper = callerID(ctx)
	}
	b, err := s.p.Listings.CreateListing(ctx, service.NewBoat{
		SkipperID:    skipper,
		Name:         req.Name,
		Registration: req.Registration,
		Category:     req.Category,
		LengthCm:     req.LengthCm,
		HomeMarinaID: req.HomeMarinaID,
	})
	if err != nil {
		return nil, s.status(ctx, err)
	}
	return &Boat{
		ID: b.ID, SkipperID: b.SkipperID, Name: b.Name, Registration: b.Registration,
		Category: b.Category, LengthCm: b.LengthCm, HomeMarinaID: b.HomeMarinaID, CreatedAt: b.CreatedAt,
	}, nil
}

func (s *Server) ScheduleTrip(ctx context.Context, req *ScheduleTripRequest) (*Trip, error) {
	t, err := s.p.Listings.ScheduleTrip(ctx, service.NewTrip{
		BoatID:     req.BoatID,
		MarinaID:   req.MarinaID,
		DepartsAt:  req.DepartsAt,
		ReturnsAt:  req.ReturnsAt,
		Capacity:   req.Capacity,
		PriceCents: req.PriceCents,
		DepositPct: req.DepositPct,
	})
	if err != nil {
		return nil, s.status(ctx, err)
	}
	out := tripOut(t)
	return &out, nil
}

func tripOut(t store.Trip) Trip {
	return Trip{
		ID: t.ID, BoatID: t.BoatID, MarinaID: t.MarinaID, DepartsAt: t.DepartsAt, ReturnsAt: t.ReturnsAt,
		SeatsLeft: t.Capacity - t.Held - t.Booked, PriceCents: t.PriceCents, Status: t.Status,
	}
}

func (s *Server) ListTrips(ctx context.Context, req *ListTripsRequest) (*ListTripsResponse, error) {
	page, err := s.p.Listings.ListTrips(ctx, service.TripQuery{
		MarinaID: req.MarinaID, From: req.From, Cursor: req.Cursor, Limit: req.Limit,
	})
	if err != nil {
		return nil, s.status(ctx, err)
	}
	out := pagination.Map(page, tripOut)
	return &ListTripsResponse{Trips: out.Items, NextCursor: out.NextCursor}, nil
}

func (s *Server) HoldTrip(ctx context.Context, req *HoldTripRequest) (*HoldTripResponse, error) {
	key := requestKey(ctx)
	if key == "" {
		return nil, status.Errorf(codes.InvalidArgument, "%s metadata is required", requestKeyHeader)
	}
	customer := req.CustomerID
	if customer == "" {
		customer = callerID(ctx)
	}
	h, err := s.p.Holds.Hold(ctx, service.HoldInput{
		TripID: req.TripID, CustomerID: customer, Seats: req.Seats, RequestKey: key,
	})
	if err != nil {
		return nil, s.status(ctx, err)
	}
	return &HoldTripResponse{HoldID: h.ID, ExpiresAt: h.ExpiresAt}, nil
}

func (s *Server) ReleaseHold(ctx context.Context, req *ReleaseHoldRequest) (*Empty, error) {
	if err := s.p.Holds.Release(ctx, req.HoldID); err != nil {
		return nil, s.status(ctx, err)
	}
	return &Empty{}, nil
}

func (s *Server) BookTrip(ctx context.Context, req *BookTripRequest) (*BookTripResponse, error) {
	res, err := s.p.Bookings.Book(ctx, req.HoldID)
	if err != nil {
		return nil, s.status(ctx, err)
	}
	return &BookTripResponse{
		BookingID:     res.Booking.ID,
		TotalCents:    res.Booking.TotalCents,
		DepositCents:  res.Booking.DepositCents,
		DepositStatus: res.Deposit.Status,
	}, nil
}

func (s *Server) ChargeBalance(ctx context.Context, req *ChargeBalanceRequest) (*ChargeBalanceResponse, error) {
	res, err := s.p.Bookings.ChargeBalance(ctx, req.BookingID)
	if err != nil {
		return nil, s.status(ctx, err)
	}
	return &ChargeBalanceResponse{ChargeID: res.ChargeID, AmountCents: res.AmountCents, AlreadyPaid: res.AlreadyPaid}, nil
}

func (s *Server) RequestBerth(ctx context.Context, req *RequestBerthRequest) (*RequestBerthResponse, error) {
	// The partner echoes the submission ID on its webhooks, which makes
	// their support tickets traceable to one call of ours.
	submission := xid.New().String()
	br, err := s.p.Berths.Request(ctx, req.TripID, submission)
	if err != nil {
		return nil, s.status(ctx, err)
	}
	out := &RequestBerthResponse{BerthRequestID: br.ID, Status: br.Status}
	if br.PartnerRef != nil {
		out.PartnerRef = *br.PartnerRef
	}
	return out, nil
}

func (s *Server) AssignCrew(ctx context.Context, req *AssignCrewRequest) (*Empty, error) {
	crew := make([]service.Assignment, 0, len(req.Crew))
	for _, c := range req.Crew {
		crew = append(crew, service.Assignment{CrewMemberID: c.CrewMemberID, Role: c.Role, Hours: c.Hours})
	}
	if err := s.p.Crew.Assign(ctx, req.TripID, crew); err != nil {
		return nil, s.status(ctx, err)
	}
	return &Empty{}, nil
}

func (s *Server) AddExtra(ctx context.Context, req *AddExtraRequest) (*AddExtraResponse, error) {
	res, err := s.p.Extras.Add(ctx, req.BookingID, req.Code, req.Quantity)
	if err != nil {
		return nil, s.status(ctx, err)
	}
	return &AddExtraResponse{ExtraID: res.Extra.ID, PriceCents: res.Extra.PriceCents, TotalCents: res.TotalCents}, nil
}

func (s *Server) OrderFuel(ctx context.Context, req *OrderFuelRequest) (*OrderFuelResponse, error) {
	res, err := s.p.Fuel.Order(ctx, req.TripID, req.Litres, req.FuelType)
	if err != nil {
		return nil, s.status(ctx, err)
	}
	return &OrderFuelResponse{OrderRef: res.OrderRef, PriceCents: res.PriceCents}, nil
}

func (s *Server) CancelTrip(ctx context.Context, req *CancelTripRequest) (*CancelTripResponse, error) {
	res, err := s.p.Cancellations.Cancel(ctx, req.BookingID, req.Reason)
	if err != nil {
		return nil, s.status(ctx, err)
	}
	return &CancelTripResponse{BookingID: res.BookingID, RefundCents: res.RefundCents, RefundStatus: res.RefundStatus}, nil
}

func (s *Server) BillTripFees(ctx context.Context, req *BillTripFeesRequest) (*BillTripFeesResponse, error) {
	lines := make([]service.FeeLine, 0, len(req.Fees))
	for _, f := range req.Fees {
		lines = append(lines, service.FeeLine{Type: f.Type, AmountCents: f.AmountCents})
	}
	charges, err := s.p.Billing.RecordFees(ctx, req.BookingID, requestKey(ctx), lines)
	if err != nil {
		return nil, s.status(ctx, err)
	}
	out := &BillTripFeesResponse{ChargeIDs: make([]string, 0, len(charges))}
	for _, c := range charges {
		out.ChargeIDs = append(out.ChargeIDs, c.ID)
	}
	return out, nil
}

// status maps service errors onto gRPC codes. Anything unrecognised is
// logged and returned as Unavailable so the client's retry policy applies.
func (s *Server) status(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, service.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, service.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, service.ErrPrecondition):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, service.ErrDeclined):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, err.Error())
	}
	s.p.Log.ErrorContext(ctx, "rpc failed", "err", err)
	return status.Error(codes.Unavailable, "temporarily unavailable")
}
