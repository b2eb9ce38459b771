package donation

import (
	"context"
	"time"

	"google.golang.org/grpc"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
	"github.com/veinline/plasmaops/internal/platform/ids"
)

// ServiceName is the fully-qualified gRPC service name.
const ServiceName = "plasmaops.donation.v1.DonationService"

type SessionMessage struct {
	ID            string `json:"id"`
	AppointmentID string `json:"appointment_id"`
	DonorID       string `json:"donor_id"`
	Status        string `json:"status"`
	VolumeML      int    `json:"volume_ml,omitempty"`
	AbortReason   string `json:"abort_reason,omitempty"`
	StartedAt     string `json:"started_at"`
}

func toSessionMessage(s Session) *SessionMessage {
	m := &SessionMessage{
		ID:            s.ID,
		AppointmentID: s.AppointmentID,
		DonorID:       s.DonorID,
		Status:        s.Status,
		AbortReason:   s.AbortReason,
		StartedAt:     s.StartedAt.Format(time.RFC3339),
	}
	if s.VolumeML != nil {
		m.VolumeML = *s.VolumeML
	}
	return m
}

type StartSessionRequest struct {
	AppointmentID string  `json:"appointment_id"`
	MachineSerial string  `json:"machine_serial"`
	WeightKg      float64 `json:"weight_kg"`
	Hematocrit    float64 `json:"hematocrit"`
	ProteinGdl    float64 `json:"protein_gdl"`
}

type SessionResponse struct {
	Session *SessionMessage `json:"session"`
}

type CompleteSessionRequest struct {
	SessionID       string `json:"session_id"`
	VolumeML        int    `json:"volume_ml"`
	AnticoagulantML int    `json:"anticoagulant_ml"`
	DIN             string `json:"din"`
	SampleBarcode   string `json:"sample_barcode"`
}

type CompleteSessionResponse struct {
	UnitID    string `json:"unit_id"`
	DIN       string `json:"din"`
	HoldUntil string `json:"hold_until"`
}

type AbortSessionRequest struct {
	SessionID string `json:"session_id"`
	Reason    string `json:"reason"`
}

type ReportAdverseReactionRequest struct {
	SessionID   string `json:"session_id"`
	Severity    string `json:"severity"`
	Category    string `json:"category"`
	Description string `json:"description"`
	OccurredAt  string `json:"occurred_at"`
}

type ReportAdverseReactionResponse struct {
	ReactionID string `json:"reaction_id"`
}

type GetSessionRequest struct {
	SessionID string `json:"session_id"`
}

// DonationServiceServer is the hand-written server interface.
type DonationServiceServer interface {
	StartSession(context.Context, *StartSessionRequest) (*SessionResponse, error)
	CompleteSession(context.Context, *CompleteSessionRequest) (*CompleteSessionResponse, error)
	AbortSession(context.Context, *AbortSessionRequest) (*SessionResponse, error)
	ReportAdverseReaction(context.Context, *ReportAdverseReactionRequest) (*ReportAdverseReactionResponse, error)
	GetSession(context.Context, *GetSessionRequest) (*SessionResponse, error)
}

// Handler implements DonationServiceServer.
type Handler struct {
	svc Service
	ids ids.Generator
}

// NewHandler returns the gRPC handler.
func NewHandler(svc Service, gen ids.Generator) *Handler { return &Handler{svc: svc, ids: gen} }

func staff(ctx context.Context) (grpcx.Staff, error) {
	s, ok := grpcx.StaffFrom(ctx)
	if !ok {
		return grpcx.Staff{}, apperr.Unauthenticated("no staff identity")
	}
	return s, nil
}

func (h *Handler) StartSession(ctx context.Context, req *StartSessionRequest) (*SessionResponse, error) {
	st, err := staff(ctx)
	if err != nil {
		return nil, err
	}
	sess, err := h.svc.Start(ctx, StartInput{
		AppointmentID:  req.AppointmentID,
		MachineSerial:  req.MachineSerial,
		PhlebotomistID: st.ID,
		WeightKg:       req.WeightKg,
		Hematocrit:     req.Hematocrit,
		ProteinGdl:     req.ProteinGdl,
	})
	if err != nil {
		return nil, err
	}
	return &SessionResponse{Session: toSessionMessage(sess)}, nil
}

func (h *Handler) CompleteSession(ctx context.Context, req *CompleteSessionRequest) (*CompleteSessionResponse, error) {
	st, err := staff(ctx)
	if err != nil {
		return nil, err
	}
	unit, err := h.svc.Complete(ctx, CompleteInput{
		SessionID:       req.SessionID,
		VolumeML:        req.VolumeML,
		AnticoagulantML: req.AnticoagulantML,
		DIN:             req.DIN,
		SampleBarcode:   req.SampleBarcode,
		CompletedBy:     st.ID,
	})
	if err != nil {
		return nil, err
	}
	return &CompleteSessionResponse{
		UnitID:    unit.ID,
		DIN:       unit.DIN,
		HoldUntil: unit.HoldUntil.Format(time.RFC3339),
	}, nil
}

func (h *Handler) AbortSession(ctx context.Context, req *AbortSessionRequest) (*SessionResponse, error) {
	st, err := staff(ctx)
	if err != nil {
		return nil, err
	}
	sess, err := h.svc.Abort(ctx, AbortInput{SessionID: req.SessionID, Reason: req.Reason, AbortedBy: st.ID})
	if err != nil {
		return nil, err
	}
	return &SessionResponse{Session: toSessionMessage(sess)}, nil
}

func (h *Handler) ReportAdverseReaction(ctx context.Context, req *ReportAdverseReactionRequest) (*ReportAdverseReactionResponse, error) {
	st, err := staff(ctx)
	if err != nil {
		return nil, err
	}
	var occurred time.Time
	if req.OccurredAt != "" {
		if occurred, err = time.Parse(time.RFC3339, req.OccurredAt); err != nil {
			return nil, apperr.Invalid("occurred_at: expected RFC 3339")
		}
	}
	reaction := AdverseReaction{
		ID:          h.ids.New(),
		SessionID:   req.SessionID,
		Severity:    req.Severity,
		Category:    req.Category,
		Description: req.Description,
		ReportedBy:  st.ID,
		OccurredAt:  occurred,
	}
	if err := h.svc.ReportReaction(ctx, reaction); err != nil {
		return nil, err
	}
	return &ReportAdverseReactionResponse{ReactionID: reaction.ID}, nil
}

func (h *Handler) GetSession(ctx context.Context, req *GetSessionRequest) (*SessionResponse, error) {
	sess, err := h.svc.Get(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	return &SessionResponse{Session: toSessionMessage(sess)}, nil
}

// GRPCService describes DonationService for registration.
func GRPCService(h *Handler) grpcx.Service {
	var s DonationServiceServer = h
	return grpcx.Service{
		Desc: &grpc.ServiceDesc{
			ServiceName: ServiceName,
			HandlerType: (*DonationServiceServer)(nil),
			Methods: []grpc.MethodDesc{
				grpcx.Unary(ServiceName, "StartSession", s.StartSession),
				grpcx.Unary(ServiceName, "CompleteSession", s.CompleteSession),
				grpcx.Unary(ServiceName, "AbortSession", s.AbortSession),
				grpcx.Unary(ServiceName, "ReportAdverseReaction", s.ReportAdverseReaction),
				grpcx.Unary(ServiceName, "GetSession", s.GetSession),
			},
			Metadata: "plasmaops/donation/v1/donation.proto",
		},
		Impl: s,
	}
}
