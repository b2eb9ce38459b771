// Package grpcapi exposes the telehealth services over gRPC. Messages are
// plain structs encoded with the grpcx JSON codec; service descriptors are
// written by hand.
package grpcapi

import (
	"context"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/grpcx"
	"github.com/carelink/telehealth/internal/service/booking"
)

const appointmentsService = "carelink.telehealth.v1.Appointments"

type BookAppointmentRequest struct {
	RequestID   string    `json:"request_id"`
	PatientID   string    `json:"patient_id"`
	ClinicianID string    `json:"clinician_id"`
	SlotStart   time.Time `json:"slot_start"`
	SlotMinutes int       `json:"slot_minutes"`
	Reason      string    `json:"reason"`
	PayerID     string    `json:"payer_id"`
	MemberID    string    `json:"member_id"`
}

type BookAppointmentResponse struct {
	Appointment *domain.Appointment `json:"appointment"`
	CopayStatus string              `json:"copay_status,omitempty"`
	CopayCents  int64               `json:"copay_cents,omitempty"`
	Replayed    bool                `json:"replayed"`
}

type RescheduleRequest struct {
	AppointmentID string    `json:"appointment_id"`
	NewSlotStart  time.Time `json:"new_slot_start"`
}

type CancelAppointmentRequest struct {
	AppointmentID string `json:"appointment_id"`
	Reason        string `json:"reason"`
}

type GetAppointmentRequest struct {
	AppointmentID string `json:"appointment_id"`
}

type AppointmentResponse struct {
	Appointment *domain.Appointment `json:"appointment"`
}

// AppointmentsServer is the Appointments gRPC service.
type AppointmentsServer interface {
	Book(ctx context.Context, req *BookAppointmentRequest) (*BookAppointmentResponse, error)
	Reschedule(ctx context.Context, req *RescheduleRequest) (*AppointmentResponse, error)
	Cancel(ctx context.Context, req *CancelAppointmentRequest) (*AppointmentResponse, error)
	Get(ctx context.Context, req *GetAppointmentRequest) (*AppointmentResponse, error)
}

// AppointmentsServiceDesc describes the Appointments service.
var AppointmentsServiceDesc = grpc.ServiceDesc{
	ServiceName: appointmentsService,
	HandlerType: (*AppointmentsServer)(nil),
	Methods: []grpc.MethodDesc{
		grpcx.Unary(appointmentsService, "Book", func(srv any, ctx context.Context, in *BookAppointmentRequest) (*BookAppointmentResponse, error) {
			return srv.(AppointmentsServer).Book(ctx, in)
		}),
		grpcx.Unary(appointmentsService, "Reschedule", func(srv any, ctx context.Context, in *RescheduleRequest) (*AppointmentResponse, error) {
			return srv.(AppointmentsServer).Reschedule(ctx, in)
		}),
		grpcx.Unary(appointmentsService, "Cancel", func(srv any, ctx context.Context, in *CancelAppointmentRequest) (*AppointmentResponse, error) {
			return srv.(AppointmentsServer).Cancel(ctx, in)
		}),
		grpcx.Unary(appointmentsService, "Get", func(srv any, ctx context.Context, in *GetAppointmentRequest) (*AppointmentResponse, error) {
			return srv.(AppointmentsServer).Get(ctx, in)
		}),
	},
	Metadata: "carelink/telehealth/v1/appointments.proto",
}

// RegisterAppointments registers srv on s.
func RegisterAppointments(s grpc.ServiceRegistrar, srv AppointmentsServer) {
	s.RegisterService(&AppointmentsServiceDesc, srv)
}

// BookingService is the booking use-case layer.
type BookingService interface {
	Book(ctx context.Context, req booking.BookRequest) (*booking.BookResult, error)
	Reschedule(ctx context.Context, req booking.RescheduleRequest) (*domain.Appointment, error)
	Cancel(ctx context.Context, req booking.CancelRequest) (*domain.Appointment, error)
}

// AppointmentReader loads appointments.
type AppointmentReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error)
}

type appointmentsHandler struct {
	svc   BookingService
	appts AppointmentReader
}

// NewAppointmentsHandler adapts the booking service to the gRPC service.
func NewAppointmentsHandler(svc BookingService, appts AppointmentReader) AppointmentsServer {
	return &appointmentsHandler{svc: svc, appts: appts}
}

func (h *appointmentsHandler) Book(ctx context.Context, in *BookAppointmentRequest) (*BookAppointmentResponse, error) {
	patientID, err := parseID("patient_id", in.PatientID)
	if err != nil {
		return nil, err
	}
	clinicianID, err := parseID("clinician_id", in.ClinicianID)
	if err != nil {
		return nil, err
	}
	requestID := in.RequestID
	if requestID == "" {
		requestID = grpcx.IdempotencyKey(ctx)
	}
	res, err := h.svc.Book(ctx, booking.BookRequest{
		RequestID:   requestID,
		PatientID:   patientID,
		ClinicianID: clinicianID,
		SlotStart:   in.SlotStart,
		SlotMinutes: in.SlotMinutes,
		Reason:      in.Reason,
		PayerID:     in.PayerID,
		MemberID:    in.MemberID,
	})
	if err != nil {
		return nil, err
	}
	out := &BookAppointmentResponse{Appointment: res.Appointment, Replayed: res.Replayed}
	if res.Copay != nil {
		out.CopayStatus, out.CopayCents = res.Copay.Status, res.Copay.AmountCents
	}
	return out, nil
}

func (h *appointmentsHandler) Reschedule(ctx context.Context, in *RescheduleRequest) (*AppointmentResponse, error) {
	id, err := parseID("appointment_id", in.AppointmentID)
	if err != nil {
		return nil, err
	}
	a, err := h.svc.Reschedule(ctx, booking.RescheduleRequest{AppointmentID: id, NewSlotStart: in.NewSlotStart})
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: a}, nil
}

func (h *appointmentsHandler) Cancel(ctx context.Context, in *CancelAppointmentRequest) (*AppointmentResponse, error) {
	id, err := parseID("appointment_id", in.AppointmentID)
	if err != nil {
		return nil, err
	}
	a, err := h.svc.Cancel(ctx, booking.CancelRequest{
		AppointmentID: id,
		Reason:        in.Reason,
		Actor:         grpcx.Actor(ctx),
	})
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: a}, nil
}

func (h *appointmentsHandler) Get(ctx context.Context, in *GetAppointmentRequest) (*AppointmentResponse, error) {
	id, err := parseID("appointment_id", in.AppointmentID)
	if err != nil {
		return nil, err
	}
	a, err := h.appts.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return &AppointmentResponse{Appointment: a}, nil
}
