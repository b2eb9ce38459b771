package grpcapi

import (
	"context"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/platform/grpcx"
	"github.com/carelink/telehealth/internal/service/eligibility"
	"github.com/carelink/telehealth/internal/service/notes"
	"github.com/carelink/telehealth/internal/service/rx"
)

// ---- Eligibility ----

const eligibilityService = "carelink.telehealth.v1.Eligibility"

type CheckEligibilityRequest struct {
	PatientID   string    `json:"patient_id"`
	PayerID     string    `json:"payer_id"`
	MemberID    string    `json:"member_id"`
	DateOfBirth string    `json:"date_of_birth"`
	ServiceDate time.Time `json:"service_date"`
	Refresh     bool      `json:"refresh"`
}

type CheckEligibilityResponse struct {
	Result *domain.EligibilityResult `json:"result"`
}

type EligibilityServer interface {
	Check(ctx context.Context, req *CheckEligibilityRequest) (*CheckEligibilityResponse, error)
}

var EligibilityServiceDesc = grpc.ServiceDesc{
	ServiceName: eligibilityService,
	HandlerType: (*EligibilityServer)(nil),
	Methods: []grpc.MethodDesc{
		grpcx.Unary(eligibilityService, "Check", func(srv any, ctx context.Context, in *CheckEligibilityRequest) (*CheckEligibilityResponse, error) {
			return srv.(EligibilityServer).Check(ctx, in)
		}),
	},
	Metadata: "carelink/telehealth/v1/eligibility.proto",
}

func RegisterEligibility(s grpc.ServiceRegistrar, srv EligibilityServer) {
	s.RegisterService(&EligibilityServiceDesc, srv)
}

type eligibilityHandler struct {
	svc *eligibility.Service
}

func NewEligibilityHandler(svc *eligibility.Service) EligibilityServer {
	return &eligibilityHandler{svc: svc}
}

func (h *eligibilityHandler) Check(ctx context.Context, in *CheckEligibilityRequest) (*CheckEligibilityResponse, error) {
	pid, err := parseID("patient_id", in.PatientID)
	if err != nil {
		return nil, err
	}
	res, err := h.svc.Check(ctx, eligibility.CheckRequest{
		PatientID:   pid,
		PayerID:     in.PayerID,
		MemberID:    in.MemberID,
		DateOfBirth: in.DateOfBirth,
		ServiceDate: in.ServiceDate,
		Force:       in.Refresh,
	})
	if err != nil {
		return nil, err
	}
	return &CheckEligibilityResponse{Result: res}, nil
}

// ---- Prescriptions ----

const prescriptionsService = "carelink.telehealth.v1.Prescriptions"

type SubmitPrescriptionRequest struct {
	AppointmentID string `json:"appointment_id"`
	LineNo        int    `json:"line_no"`
	PrescriberID  string `json:"prescriber_id"`
	NDC           string `json:"ndc"`
	DrugName      string `json:"drug_name"`
	Sig           string `json:"sig"`
	Quantity      int    `json:"quantity"`
	Refills       int    `json:"refills"`
	PharmacyNCPDP string `json:"pharmacy_ncpdp"`
}

type PrescriptionResponse struct {
	Prescription *domain.Prescription `json:"prescription"`
}

type RenewPrescriptionRequest struct {
	PrescriptionID string `json:"prescription_id"`
	Seq            int    `json:"seq"`
	Quantity       int    `json:"quantity"`
	ClinicianID    string `json:"clinician_id"`
	Note           string `json:"note"`
}

type RenewPrescriptionResponse struct {
	Renewal *domain.PrescriptionRenewal `json:"renewal"`
}

type CancelPrescriptionRequest struct {
	PrescriptionID string `json:"prescription_id"`
	Reason         string `json:"reason"`
}

type PrescriptionsServer interface {
	Submit(ctx context.Context, req *SubmitPrescriptionRequest) (*PrescriptionResponse, error)
	Renew(ctx context.Context, req *RenewPrescriptionRequest) (*RenewPrescriptionResponse, error)
	Cancel(ctx context.Context, req *CancelPrescriptionRequest) (*PrescriptionResponse, error)
}

var PrescriptionsServiceDesc = grpc.ServiceDesc{
	ServiceName: prescriptionsService,
	HandlerType: (*PrescriptionsServer)(nil),
	Methods: []grpc.MethodDesc{
		grpcx.Unary(prescriptionsService, "Submit", func(srv any, ctx context.Context, in *SubmitPrescriptionRequest) (*PrescriptionResponse, error) {
			return srv.(PrescriptionsServer).Submit(ctx, in)
		}),
		grpcx.Unary(prescriptionsService, "Renew", func(srv any, ctx context.Context, in *RenewPrescriptionRequest) (*RenewPrescriptionResponse, error) {
			return srv.(PrescriptionsServer).Renew(ctx, in)
		}),
		grpcx.Unary(prescriptionsService, "Cancel", func(srv any, ctx context.Context, in *CancelPrescriptionRequest) (*PrescriptionResponse, error) {
			return srv.(PrescriptionsServer).Cancel(ctx, in)
		}),
	},
	Metadata: "carelink/telehealth/v1/prescriptions.proto",
}

func RegisterPrescriptions(s grpc.ServiceRegistrar, srv PrescriptionsServer) {
	s.RegisterService(&PrescriptionsServiceDesc, srv)
}

type prescriptionsHandler struct {
	svc rx.API
}

func NewPrescriptionsHandler(svc rx.API) PrescriptionsServer { return &prescriptionsHandler{svc: svc} }

func (h *prescriptionsHandler) Submit(ctx context.Context, in *SubmitPrescriptionRequest) (*PrescriptionResponse, error) {
	apptID, err := parseID("appointment_id", in.AppointmentID)
	if err != nil {
		return nil, err
	}
	prescriber, err := parseID("prescriber_id", in.PrescriberID)
	if err != nil {
		return nil, err
	}
	p, err := h.svc.Submit(ctx, rx.SubmitRequest{
		AppointmentID: apptID,
		LineNo:        in.LineNo,
		PrescriberID:  prescriber,
		NDC:           in.NDC,
		DrugName:      in.DrugName,
		Sig:           in.Sig,
		Quantity:      in.Quantity,
		Refills:       in.Refills,
		PharmacyNCPDP: in.PharmacyNCPDP,
		TraceID:       grpcx.TraceID(ctx),
	})
	if err != nil {
		return nil, err
	}
	return &PrescriptionResponse{Prescription: p}, nil
}

func (h *prescriptionsHandler) Renew(ctx context.Context, in *RenewPrescriptionRequest) (*RenewPrescriptionResponse, error) {
	rxID, err := parseID("prescription_id", in.PrescriptionID)
	if err != nil {
		return nil, err
	}
	clin, err := parseID("clinician_id", in.ClinicianID)
	if err != nil {
		return nil, err
	}
	rn, err := h.svc.Renew(ctx, rx.RenewRequest{
		PrescriptionID: rxID, Seq: in.Seq, Quantity: in.Quantity, ClinicianID: clin, Note: in.Note,
	})
	if err != nil {
		return nil, err
	}
	return &RenewPrescriptionResponse{Renewal: rn}, nil
}

func (h *prescriptionsHandler) Cancel(ctx context.Context, in *CancelPrescriptionRequest) (*PrescriptionResponse, error) {
	rxID, err := parseID("prescription_id", in.PrescriptionID)
	if err != nil {
		return nil, err
	}
	p, err := h.svc.Cancel(ctx, rxID, in.Reason)
	if err != nil {
		return nil, err
	}
	return &PrescriptionResponse{Prescription: p}, nil
}

// ---- Notes ----

const notesService = "carelink.telehealth.v1.Notes"

type SaveDraftRequest struct {
	AppointmentID string `json:"appointment_id"`
	AuthorID      string `json:"author_id"`
	Subjective    string `json:"subjective"`
	Objective     string `json:"objective"`
	Assessment    string `json:"assessment"`
	Plan          string `json:"plan"`
}

type SignNoteRequest struct {
	AppointmentID string `json:"appointment_id"`
	SignerID      string `json:"signer_id"`
}

type NoteResponse struct {
	Note *domain.VisitNote `json:"note"`
}

type AddAddendumRequest struct {
	AppointmentID string `json:"appointment_id"`
	AuthorID      string `json:"author_id"`
	Body          string `json:"body"`
}

type AddendumResponse struct {
	Addendum *domain.NoteAddendum `json:"addendum"`
}

type NotesServer interface {
	SaveDraft(ctx context.Context, req *SaveDraftRequest) (*NoteResponse, error)
	Sign(ctx context.Context, req *SignNoteRequest) (*NoteResponse, error)
	AddAddendum(ctx context.Context, req *AddAddendumRequest) (*AddendumResponse, error)
}

var NotesServiceDesc = grpc.ServiceDesc{
	ServiceName: notesService,
	HandlerType: (*NotesServer)(nil),
	Methods: []grpc.MethodDesc{
		grpcx.Unary(notesService, "SaveDraft", func(srv any, ctx context.Context, in *SaveDraftRequest) (*NoteResponse, error) {
			return srv.(NotesServer).SaveDraft(ctx, in)
		}),
		grpcx.Unary(notesService, "Sign", func(srv any, ctx context.Context, in *SignNoteRequest) (*NoteResponse, error) {
			return srv.(NotesServer).Sign(ctx, in)
		}),
		grpcx.Unary(notesService, "AddAddendum", func(srv any, ctx context.Context, in *AddAddendumRequest) (*AddendumResponse, error) {
			return srv.(NotesServer).AddAddendum(ctx, in)
		}),
	},
	Metadata: "carelink/telehealth/v1/notes.proto",
}

func RegisterNotes(s grpc.ServiceRegistrar, srv NotesServer) {
	s.RegisterService(&NotesServiceDesc, srv)
}

type notesHandler struct {
	svc *notes.Service
}

func NewNotesHandler(svc *notes.Service) NotesServer { return &notesHandler{svc: svc} }

func (h *notesHandler) SaveDraft(ctx context.Context, in *SaveDraftRequest) (*NoteResponse, error) {
	ids, err := parseIDs(map[string]string{"appointment_id": in.AppointmentID, "author_id": in.AuthorID})
	if err != nil {
		return nil, err
	}
	n, err := h.svc.SaveDraft(ctx, notes.DraftRequest{
		AppointmentID: ids["appointment_id"],
		AuthorID:      ids["author_id"],
		Subjective:    in.Subjective,
		Objective:     in.Objective,
		Assessment:    in.Assessment,
		Plan:          in.Plan,
	})
	if err != nil {
		return nil, err
	}
	return &NoteResponse{Note: n}, nil
}

func (h *notesHandler) Sign(ctx context.Context, in *SignNoteRequest) (*NoteResponse, error) {
	ids, err := parseIDs(map[string]string{"appointment_id": in.AppointmentID, "signer_id": in.SignerID})
	if err != nil {
		return nil, err
	}
	n, err := h.svc.Sign(ctx, ids["appointment_id"], ids["signer_id"])
	if err != nil {
		return nil, err
	}
	return &NoteResponse{Note: n}, nil
}

func (h *notesHandler) AddAddendum(ctx context.Context, in *AddAddendumRequest) (*AddendumResponse, error) {
	ids, err := parseIDs(map[string]string{"appointment_id": in.AppointmentID, "author_id": in.AuthorID})
	if err != nil {
		return nil, err
	}
	a, err := h.svc.AddAddendum(ctx, notes.AddendumRequest{
		AppointmentID: ids["appointment_id"],
		AuthorID:      ids["author_id"],
		Body:          in.Body,
	})
	if err != nil {
		return nil, err
	}
	return &AddendumResponse{Addendum: a}, nil
}

func parseIDs(fields map[string]string) (map[string]uuid.UUID, error) {
	out := make(map[string]uuid.UUID, len(fields))
	for name, v := range fields {
		id, err := parseID(name, v)
		if err != nil {
			return nil, err
		}
		out[name] = id
	}
	return out, nil
}
