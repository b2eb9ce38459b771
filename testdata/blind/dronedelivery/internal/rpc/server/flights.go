package server

import (
	"context"

	"github.com/skyhop-logistics/dronedelivery/internal/command"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/rpc/dronepb"
	"github.com/skyhop-logistics/dronedelivery/internal/service/flights"
)

// FlightServer implements dronepb.FlightServiceServer for the dispatch planner.
type FlightServer struct {
	dronepb.UnimplementedFlightServiceServer

	FileHandler   command.Handler[flights.FilePlanCmd, *domain.FlightPlan]
	CancelHandler command.Handler[flights.CancelPlanCmd, *domain.FlightPlan]
}

func planToPB(p *domain.FlightPlan) *dronepb.FlightPlan {
	return &dronepb.FlightPlan{
		ID:              p.ID.String(),
		OrderID:         p.OrderID.String(),
		DroneID:         p.DroneID,
		OperatorRef:     p.OperatorRef,
		AuthorityPlanID: p.AuthorityPlanID,
		Status:          string(p.Status),
	}
}

// FilePlan files a flight plan for a scheduled order.
func (s *FlightServer) FilePlan(ctx context.Context, req *dronepb.FilePlanRequest) (*dronepb.FilePlanResponse, error) {
	orderID, err := parseUUID("order_id", req.OrderID)
	if err != nil {
		return nil, err
	}
	start, err := parseTime("window_start", req.WindowStart)
	if err != nil {
		return nil, err
	}
	end, err := parseTime("window_end", req.WindowEnd)
	if err != nil {
		return nil, err
	}
	route := make([]domain.Point, len(req.Route))
	for i, p := range req.Route {
		route[i] = domain.Point{Lat: p.Lat, Lng: p.Lng}
	}
	plan, err := s.FileHandler.Handle(ctx, flights.FilePlanCmd{
		OrderID:      orderID,
		DroneID:      req.DroneID,
		WindowStart:  start,
		WindowEnd:    end,
		MaxAltitudeM: int(req.MaxAltitudeM),
		Route:        route,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.FilePlanResponse{Plan: planToPB(plan)}, nil
}

// CancelPlan withdraws a plan that has not started.
func (s *FlightServer) CancelPlan(ctx context.Context, req *dronepb.CancelPlanRequest) (*dronepb.CancelPlanResponse, error) {
	id, err := parseUUID("plan_id", req.PlanID)
	if err != nil {
		return nil, err
	}
	plan, err := s.CancelHandler.Handle(ctx, flights.CancelPlanCmd{PlanID: id, Reason: req.Reason})
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.CancelPlanResponse{Plan: planToPB(plan)}, nil
}
