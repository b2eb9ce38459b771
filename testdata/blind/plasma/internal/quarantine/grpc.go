package quarantine

import (
	"context"
	"time"

	"google.golang.org/grpc"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
)

// ServiceName is the fully-qualified gRPC service name.
const ServiceName = "plasmaops.quarantine.v1.QuarantineService"

type ReleaseUnitRequest struct {
	UnitID string `json:"unit_id"`
	Note   string `json:"note"`
}

type ReleaseUnitResponse struct {
	ReleaseID  string `json:"release_id"`
	UnitID     string `json:"unit_id"`
	Method     string `json:"method"`
	ReleasedBy string `json:"released_by"`
	ReleasedAt string `json:"released_at"`
}

type CreateShipmentRequest struct {
	CentreID   string   `json:"centre_id"`
	UnitIDs    []string `json:"unit_ids"`
	PickupFrom string   `json:"pickup_from"`
	PickupTo   string   `json:"pickup_to"`
}

type ShipmentResponse struct {
	ShipmentID  string `json:"shipment_id"`
	PickupRef   string `json:"pickup_ref"`
	Status      string `json:"status"`
	CartonCount int    `json:"carton_count"`
}

type MarkDispatchedRequest struct {
	ShipmentID string `json:"shipment_id"`
}

// QuarantineServiceServer is the hand-written server interface.
type QuarantineServiceServer interface {
	ReleaseUnit(context.Context, *ReleaseUnitRequest) (*ReleaseUnitResponse, error)
	CreateShipment(context.Context, *CreateShipmentRequest) (*ShipmentResponse, error)
	MarkShipmentDispatched(context.Context, *MarkDispatchedRequest) (*ShipmentResponse, error)
}

// Handler implements QuarantineServiceServer.
type Handler struct {
	svc Service
}

// NewHandler returns the gRPC handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) ReleaseUnit(ctx context.Context, req *ReleaseUnitRequest) (*ReleaseUnitResponse, error) {
	st, ok := grpcx.StaffFrom(ctx)
	if !ok {
		return nil, apperr.Unauthenticated("no staff identity")
	}
	if st.Role != "qa" {
		return nil, apperr.Precondition("manual release requires the QA role")
	}
	rel, err := h.svc.ReleaseManually(ctx, req.UnitID, st.ID, req.Note)
	if err != nil {
		return nil, err
	}
	return &ReleaseUnitResponse{
		ReleaseID:  rel.ID,
		UnitID:     rel.UnitID,
		Method:     rel.Method,
		ReleasedBy: rel.ReleasedBy,
		ReleasedAt: rel.ReleasedAt.Format(time.RFC3339),
	}, nil
}

func toShipmentResponse(s Shipment) *ShipmentResponse {
	return &ShipmentResponse{ShipmentID: s.ID, PickupRef: s.PickupRef, Status: s.Status, CartonCount: s.CartonCount}
}

func (h *Handler) CreateShipment(ctx context.Context, req *CreateShipmentRequest) (*ShipmentResponse, error) {
	st, ok := grpcx.StaffFrom(ctx)
	if !ok {
		return nil, apperr.Unauthenticated("no staff identity")
	}
	from, err := time.Parse(time.RFC3339, req.PickupFrom)
	if err != nil {
		return nil, apperr.Invalid("pickup_from: expected RFC 3339")
	}
	to, err := time.Parse(time.RFC3339, req.PickupTo)
	if err != nil {
		return nil, apperr.Invalid("pickup_to: expected RFC 3339")
	}
	sh, err := h.svc.CreateShipment(ctx, CreateShipmentInput{
		CentreID:   req.CentreID,
		UnitIDs:    req.UnitIDs,
		PickupFrom: from,
		PickupTo:   to,
		CreatedBy:  st.ID,
	})
	if err != nil {
		return nil, err
	}
	return toShipmentResponse(sh), nil
}

func (h *Handler) MarkShipmentDispatched(ctx context.Context, req *MarkDispatchedRequest) (*ShipmentResponse, error) {
	sh, err := h.svc.MarkDispatched(ctx, req.ShipmentID)
	if err != nil {
		return nil, err
	}
	return toShipmentResponse(sh), nil
}

// GRPCService describes QuarantineService for registration.
func GRPCService(h *Handler) grpcx.Service {
	var s QuarantineServiceServer = h
	return grpcx.Service{
		Desc: &grpc.ServiceDesc{
			ServiceName: ServiceName,
			HandlerType: (*QuarantineServiceServer)(nil),
			Methods: []grpc.MethodDesc{
				grpcx.Unary(ServiceName, "ReleaseUnit", s.ReleaseUnit),
				grpcx.Unary(ServiceName, "CreateShipment", s.CreateShipment),
				grpcx.Unary(ServiceName, "MarkShipmentDispatched", s.MarkShipmentDispatched),
			},
			Metadata: "plasmaops/quarantine/v1/quarantine.proto",
		},
		Impl: s,
	}
}
