package scheduling

import (
	"context"
	"time"

	"google.golang.org/grpc"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
)

// ServiceName is the fully-qualified gRPC service name.
const ServiceName = "plasmaops.scheduling.v1.AppointmentService"

type SlotMessage struct {
	ID        string `json:"id"`
	CentreID  string `json:"centre_id"`
	StartsAt  string `json:"starts_at"`
	Available int    `json:"available"`
}

type AppointmentMessage struct {
	ID           string `json:"id"`
	DonorID      string `json:"donor_id"`
	SlotID       string `json:"slot_id"`
	CentreID     string `json:"centre_id"`
	StartsAt     string `json:"starts_at"`
	Status       string `json:"status"`
	CheckedInAt  string `json:"checked_in_at,omitempty"`
	CancelReason string `json:"cancel_reason,omitempty"`
}

func toAppointmentMessage(a Appointment) *AppointmentMessage {
	m := &AppointmentMessage{
		ID:           a.ID,
		DonorID:      a.DonorID,
		SlotID:       a.SlotID,
		CentreID:     a.CentreID,
		Status:       a.Status,
		CancelReason: a.CancelReason,
	}
	if !a.StartsAt.IsZero() {
		m.StartsAt = a.StartsAt.Format(time.RFC3339)
	}
	if a.CheckedInAt != nil {
		m.CheckedInAt = a.CheckedInAt.Format(time.RFC3339)
	}
	return m
}

type ListSlotsRequest struct {
	CentreID string `json:"centre_id"`
	From     string `json:"from"`
	To       string `json:"to"`
}

type ListSlotsResponse struct {
	Slots []*SlotMessage `json:"slots"`
}

type BookAppointmentRequest struct {
	DonorID string `json:"donor_id"`
	SlotID  string `json:"slot_id"`
	Source  string `json:"source"`
}

type AppointmentResponse struct {
	Appointment *AppointmentMessage `json:"appointment"`
}

type CancelAppointmentRequest struct {
	AppointmentID string `json:"appointment_id"`
	Reason        string `json:"reason"`
}

type CheckInRequest struct {
	AppointmentID string `json:"appointment_id"`
}

type RescheduleRequest struct {
	AppointmentID string `json:"appointment_id"`
	NewSlotID     string `json:"new_slot_id"`
}

// AppointmentServiceServer is the hand-written server interface.
type AppointmentServiceServer interface {
	ListSlots(context.Context, *ListSlotsRequest) (*ListSlotsResponse, error)
	BookAppointment(context.Context, *BookAppointmentRequest) (*AppointmentResponse, error)
	CancelAppointment(context.Context, *CancelAppointmentRequest) (*AppointmentResponse, error)
	CheckIn(context.Context, *CheckInRequest) (*AppointmentResponse, error)
	Reschedule(context.Context, *RescheduleRequest) (*AppointmentResponse, error)
}

// Handler implements AppointmentServiceServer.
type Handler struct {
	svc Service
}

// NewHandler returns the gRPC handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

func (h *Handler) ListSlots(ctx context.Context, req *ListSlotsRequest) (*ListSlotsResponse, error) {
	from, err := time.Parse(time.RFC3339, req.From)
	if err != nil {
		return nil, apperr.Invalid("from: expected RFC 3339")
	}
	to, err := time.Parse(time.RFC3339, req.To)
	if err != nil {
		return nil, apperr.Invalid("to: expected RFC 3339")
	}
	slots, err := h.svc.OpenSlots(ctx, req.CentreID, from, to)
	if err != nil {
		return nil, err
	}
	resp := &ListSlotsResponse{Slots: make([]*SlotMessage, 0, len(slots))}
	for _, s := range slots {
		resp.Slots = append(resp.Slots, &SlotMessage{
			ID: s.ID, CentreID: s.CentreID, StartsAt: s.StartsAt.Format(time.RFC3339), Available: s.Available(),
		})
	}
	return resp, nil
}

func (h *Handler) BookAppointment(ctx context.Context, req *BookAppointmentRequest) (*AppointmentResponse, error) {
	if req.DonorID == "" || req.SlotID == "" {
		return nil, apperr.Invalid("donor_id and slot_id are required")
	}
	a, err := h.svc.Book(ctx, BookInput{DonorID: req.DonorID, SlotID: req.SlotID, Source: req.Source})
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: toAppointmentMessage(a)}, nil
}

func (h *Handler) CancelAppointment(ctx context.Context, req *CancelAppointmentRequest) (*AppointmentResponse, error) {
	reason := req.Reason
	if reason == "" {
		reason = "donor_request"
	}
	a, err := h.svc.Cancel(ctx, req.AppointmentID, reason)
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: toAppointmentMessage(a)}, nil
}

func (h *Handler) CheckIn(ctx context.Context, req *CheckInRequest) (*AppointmentResponse, error) {
	a, err := h.svc.CheckIn(ctx, req.AppointmentID)
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: toAppointmentMessage(a)}, nil
}

func (h *Handler) Reschedule(ctx context.Context, req *RescheduleRequest) (*AppointmentResponse, error) {
	if req.NewSlotID == "" {
		return nil, apperr.Invalid("new_slot_id is required")
	}
	a, err := h.svc.Reschedule(ctx, req.AppointmentID, req.NewSlotID)
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: toAppointmentMessage(a)}, nil
}

// GRPCService describes AppointmentService for registration.
func GRPCService(h *Handler) grpcx.Service {
	var s AppointmentServiceServer = h
	return grpcx.Service{
		Desc: &grpc.ServiceDesc{
			ServiceName: ServiceName,
			HandlerType: (*AppointmentServiceServer)(nil),
			Methods: []grpc.MethodDesc{
				grpcx.Unary(ServiceName, "ListSlots", s.ListSlots),
				grpcx.Unary(ServiceName, "BookAppointment", s.BookAppointment),
				grpcx.Unary(ServiceName, "CancelAppointment", s.CancelAppointment),
				grpcx.Unary(ServiceName, "CheckIn", s.CheckIn),
				grpcx.Unary(ServiceName, "Reschedule", s.Reschedule),
			},
			Metadata: "plasmaops/scheduling/v1/appointments.proto",
		},
		Impl: s,
	}
}
