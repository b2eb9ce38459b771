package grpcapi

import (
	"context"

	"github.com/google/uuid"
	"google.golang.org/grpc"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/grpcx"
	"github.com/carelink/telehealth/internal/service/visits"
)

const visitsService = "carelink.telehealth.v1.Visits"

type StartVisitRequest struct {
	AppointmentID string `json:"appointment_id"`
}

type StartVisitResponse struct {
	Appointment *domain.Appointment `json:"appointment"`
	RoomID      string              `json:"room_id"`
	JoinURL     string              `json:"join_url"`
}

type CompleteVisitRequest struct {
	AppointmentID string `json:"appointment_id"`
}

// VisitsServer is the Visits gRPC service used by the clinician console.
type VisitsServer interface {
	Start(ctx context.Context, req *StartVisitRequest) (*StartVisitResponse, error)
	Complete(ctx context.Context, req *CompleteVisitRequest) (*AppointmentResponse, error)
}

var VisitsServiceDesc = grpc.ServiceDesc{
	ServiceName: visitsService,
	HandlerType: (*VisitsServer)(nil),
	Methods: []grpc.MethodDesc{
		grpcx.Unary(visitsService, "Start", func(srv any, ctx context.Context, in *StartVisitRequest) (*StartVisitResponse, error) {
			return srv.(VisitsServer).Start(ctx, in)
		}),
		grpcx.Unary(visitsService, "Complete", func(srv any, ctx context.Context, in *CompleteVisitRequest) (*AppointmentResponse, error) {
			return srv.(VisitsServer).Complete(ctx, in)
		}),
	},
	Metadata: "carelink/telehealth/v1/visits.proto",
}

func RegisterVisits(s grpc.ServiceRegistrar, srv VisitsServer) {
	s.RegisterService(&VisitsServiceDesc, srv)
}

// VisitService is the visit use-case layer.
type VisitService interface {
	Start(ctx context.Context, apptID uuid.UUID) (*visits.StartResult, error)
	Complete(ctx context.Context, apptID uuid.UUID) (*domain.Appointment, error)
}

type visitsHandler struct {
	svc VisitService
}

func NewVisitsHandler(svc VisitService) VisitsServer { return &visitsHandler{svc: svc} }

func (h *visitsHandler) Start(ctx context.Context, in *StartVisitRequest) (*StartVisitResponse, error) {
	id, err := parseID("appointment_id", in.AppointmentID)
	if err != nil {
		return nil, err
	}
	res, err := h.svc.Start(ctx, id)
	if err != nil {
		return nil, err
	}
	return &StartVisitResponse{Appointment: res.Appointment, RoomID: res.RoomID, JoinURL: res.JoinURL}, nil
}

func (h *visitsHandler) Complete(ctx context.Context, in *CompleteVisitRequest) (*AppointmentResponse, error) {
	id, err := parseID("appointment_id", in.AppointmentID)
	if err != nil {
		return nil, err
	}
	a, err := h.svc.Complete(ctx, id)
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: a}, nil
}
