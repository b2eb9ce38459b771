// Package grpcapi serves the scheduling engine over gRPC.
package grpcapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/grpcapi/schedulingpb"
	"github.com/renalnet/dialysis-ops/internal/pubsubx"
	"github.com/renalnet/dialysis-ops/internal/scheduling"
)

// SchedulingService is what the gRPC layer needs from the engine.
type SchedulingService interface {
	CreateSchedule(ctx context.Context, in scheduling.CreateScheduleInput) (db.Schedule, error)
	GetSchedule(ctx context.Context, id uuid.UUID) (db.Schedule, error)
	ReserveChair(ctx context.Context, scheduleID, chairID uuid.UUID) (db.Schedule, error)
	SwapChair(ctx context.Context, scheduleID, toChairID uuid.UUID) (db.Schedule, error)
	CancelSession(ctx context.Context, sessionID uuid.UUID, reason, by string) (db.TreatmentSession, error)
}

type Server struct {
	schedulingpb.UnimplementedSchedulingEngineServer

	svc        SchedulingService
	events     pubsubx.Publisher
	newEventID func() uuid.UUID
	now        func() time.Time
	log        *slog.Logger
}

func NewServer(svc SchedulingService, pub pubsubx.Publisher, newEventID func() uuid.UUID, now func() time.Time, log *slog.Logger) *Server {
	return &Server{svc: svc, events: pub, newEventID: newEventID, now: now, log: log}
}

// NewGRPCServer builds the grpc.Server with our codec and interceptors and
// registers s on it.
func NewGRPCServer(s *Server, log *slog.Logger) *grpc.Server {
	gs := grpc.NewServer(
		grpc.ForceServerCodec(schedulingpb.Codec),
		grpc.ChainUnaryInterceptor(recoverInterceptor(log), errorInterceptor(log)),
	)
	schedulingpb.RegisterSchedulingEngineServer(gs, s)
	return gs
}

func staffFromContext(ctx context.Context) string {
	if md, ok := metadata.FromIncomingContext(ctx); ok {
		if v := md.Get("x-staff-id"); len(v) > 0 {
			return v[0]
		}
	}
	return ""
}

func parseID(field, v string) (uuid.UUID, error) {
	id, err := uuid.Parse(v)
	if err != nil {
		return uuid.Nil, status.Errorf(codes.InvalidArgument, "%s: %v", field, err)
	}
	return id, nil
}

func parseDate(field, v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		return time.Time{}, status.Errorf(codes.InvalidArgument, "%s: %v", field, err)
	}
	return t, nil
}

func (s *Server) CreateSchedule(ctx context.Context, req *schedulingpb.CreateScheduleRequest) (*schedulingpb.Schedule, error) {
	clinicID, err := parseID("clinic_id", req.GetClinicId())
	if err != nil {
		return nil, err
	}
	patientID, err := parseID("patient_id", req.GetPatientId())
	if err != nil {
		return nil, err
	}
	chairID, err := parseID("chair_id", req.GetChairId())
	if err != nil {
		return nil, err
	}
	startsOn, err := parseDate("starts_on", req.GetStartsOn())
	if err != nil {
		return nil, err
	}
	endsOn, err := parseDate("ends_on", req.GetEndsOn())
	if err != nil {
		return nil, err
	}
	sched, err := s.svc.CreateSchedule(ctx, scheduling.CreateScheduleInput{
		ClinicID:  clinicID,
		PatientID: patientID,
		RequestID: req.GetRequestId(),
		Pattern:   req.GetPattern(),
		Shift:     int16(req.GetShift()),
		ChairID:   chairID,
		StartsOn:  startsOn,
		EndsOn:    endsOn,
		CreatedBy: staffFromContext(ctx),
	})
	if err != nil {
		return nil, err
	}
	return toPBSchedule(sched), nil
}

func (s *Server) ReserveChair(ctx context.Context, req *schedulingpb.ReserveChairRequest) (*schedulingpb.ReserveChairResponse, error) {
	scheduleID, err := parseID("schedule_id", req.GetScheduleId())
	if err != nil {
		return nil, err
	}
	chairID, err := parseID("chair_id", req.GetChairId())
	if err != nil {
		return nil, err
	}
	sched, err := s.svc.ReserveChair(ctx, scheduleID, chairID)
	if err != nil {
		return nil, err
	}
	return &schedulingpb.ReserveChairResponse{Schedule: toPBSchedule(sched), Reserved: true}, nil
}

// SwapChair moves a patient's recurring chair, e.g. when a machine goes out
// for repair or a patient needs an isolation station.
func (s *Server) SwapChair(ctx context.Context, req *schedulingpb.SwapChairRequest) (*schedulingpb.Schedule, error) {
	scheduleID, err := parseID("schedule_id", req.GetScheduleId())
	if err != nil {
		return nil, err
	}
	toChairID, err := parseID("to_chair_id", req.GetToChairId())
	if err != nil {
		return nil, err
	}
	current, err := s.svc.GetSchedule(ctx, scheduleID)
	if err != nil {
		return nil, err
	}
	if current.ChairID == toChairID {
		return toPBSchedule(current), nil
	}

	// The floor board and the biomed team act on this event. It is published
	// synchronously so the charge nurse sees an error when it cannot be sent,
	// instead of a swap nobody on the floor hears about.
	swapped := events.ChairSwapped{
		ScheduleID:  current.ID,
		PatientID:   current.PatientID,
		FromChairID: current.ChairID,
		ToChairID:   toChairID,
		Reason:      req.GetReason(),
		SwappedBy:   staffFromContext(ctx),
		SwappedAt:   s.now(),
	}
	data, err := json.Marshal(swapped)
	if err != nil {
		return nil, err
	}
	if _, err := s.events.Publish(ctx, pubsubx.Message{
		Topic: events.TopicScheduling,
		Data:  data,
		Attributes: map[string]string{
			pubsubx.AttrEventID:   s.newEventID().String(),
			pubsubx.AttrEventType: "schedule.chair_swapped",
		},
		OrderingKey: current.PatientID.String(),
	}); err != nil {
		return nil, status.Errorf(codes.Unavailable, "announce chair swap: %v", err)
	}

	updated, err := s.svc.SwapChair(ctx, scheduleID, toChairID)
	if err != nil {
		return nil, err
	}
	return toPBSchedule(updated), nil
}

func (s *Server) CancelSession(ctx context.Context, req *schedulingpb.CancelSessionRequest) (*schedulingpb.Session, error) {
	sessionID, err := parseID("session_id", req.GetSessionId())
	if err != nil {
		return nil, err
	}
	if req.GetReason() == "" {
		return nil, status.Error(codes.InvalidArgument, "reason is required")
	}
	sess, err := s.svc.CancelSession(ctx, sessionID, req.GetReason(), staffFromContext(ctx))
	if err != nil {
		return nil, err
	}
	return toPBSession(sess), nil
}

func toPBSchedule(s db.Schedule) *schedulingpb.Schedule {
	out := &schedulingpb.Schedule{
		Id:        s.ID.String(),
		ClinicId:  s.ClinicID.String(),
		PatientId: s.PatientID.String(),
		Pattern:   s.Pattern,
		Shift:     int32(s.Shift),
		ChairId:   s.ChairID.String(),
		StartsOn:  s.StartsOn.Format("2006-01-02"),
		Status:    s.Status,
	}
	if s.EndsOn.Valid {
		out.EndsOn = s.EndsOn.Time.Format("2006-01-02")
	}
	return out
}

func toPBSession(s db.TreatmentSession) *schedulingpb.Session {
	out := &schedulingpb.Session{
		Id:           s.ID.String(),
		PatientId:    s.PatientID.String(),
		ChairId:      s.ChairID.String(),
		SessionDate:  s.SessionDate.Format("2006-01-02"),
		Shift:        int32(s.Shift),
		Status:       s.Status,
		CancelReason: s.CancelReason.String,
	}
	if s.ScheduleID.Valid {
		out.ScheduleId = s.ScheduleID.UUID.String()
	}
	return out
}

// errorInterceptor maps service errors onto gRPC status codes.
func errorInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		resp, err := handler(ctx, req)
		if err == nil {
			return resp, nil
		}
		if _, ok := status.FromError(err); ok {
			return resp, err
		}
		switch apperr.KindOf(err) {
		case apperr.KindNotFound:
			return nil, status.Error(codes.NotFound, err.Error())
		case apperr.KindConflict:
			return nil, status.Error(codes.FailedPrecondition, err.Error())
		case apperr.KindInvalid:
			return nil, status.Error(codes.InvalidArgument, err.Error())
		case apperr.KindUnavailable:
			return nil, status.Error(codes.Unavailable, err.Error())
		}
		log.ErrorContext(ctx, "grpc handler failed", "method", info.FullMethod, "err", err)
		return nil, status.Error(codes.Internal, "internal error")
	}
}

func recoverInterceptor(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.ErrorContext(ctx, "panic in grpc handler", "method", info.FullMethod, "panic", r)
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}
