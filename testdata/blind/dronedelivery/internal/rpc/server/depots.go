package server

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/skyhop-logistics/dronedelivery/internal/command"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/rpc/dronepb"
	"github.com/skyhop-logistics/dronedelivery/internal/service/depots"
)

// DepotServer implements dronepb.DepotServiceServer for depot tablets and chargers.
type DepotServer struct {
	dronepb.UnimplementedDepotServiceServer

	SwapHandler  command.Handler[depots.RecordSwapCmd, *domain.BatterySwap]
	SlotsHandler command.Handler[depots.SlotReport, int]
}

// RecordBatterySwap stores a completed battery swap.
func (s *DepotServer) RecordBatterySwap(ctx context.Context, req *dronepb.RecordBatterySwapRequest) (*dronepb.RecordBatterySwapResponse, error) {
	swapID, err := parseUUID("swap_id", req.SwapID)
	if err != nil {
		return nil, err
	}
	at, err := parseTime("swapped_at", req.SwappedAt)
	if err != nil {
		return nil, err
	}
	if p, ok := PrincipalFrom(ctx); ok && p.Role == RoleDepot && p.Name != req.DepotID {
		return nil, status.Errorf(codes.PermissionDenied, "depot %s may not report for %s", p.Name, req.DepotID)
	}
	swap, err := s.SwapHandler.Handle(ctx, depots.RecordSwapCmd{
		SwapID:          swapID,
		DepotID:         req.DepotID,
		DroneID:         req.DroneID,
		RemovedSerial:   req.RemovedSerial,
		InstalledSerial: req.InstalledSerial,
		Slot:            int(req.Slot),
		Technician:      req.Technician,
		SwappedAt:       at,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.RecordBatterySwapResponse{SwapID: swap.SwapID.String()}, nil
}

// ReportSlots stores a charger's slot snapshot.
func (s *DepotServer) ReportSlots(ctx context.Context, req *dronepb.ReportSlotsRequest) (*dronepb.ReportSlotsResponse, error) {
	rep := depots.SlotReport{DepotID: req.DepotID, Slots: make([]domain.SlotState, 0, len(req.Slots))}
	for _, sl := range req.Slots {
		rep.Slots = append(rep.Slots, domain.SlotState{
			Slot:          int(sl.Slot),
			BatterySerial: sl.BatterySerial,
			ChargePct:     int(sl.ChargePct),
		})
	}
	n, err := s.SlotsHandler.Handle(ctx, rep)
	if err != nil {
		return nil, toStatus(err)
	}
	return &dronepb.ReportSlotsResponse{Accepted: int32(n)}, nil
}
