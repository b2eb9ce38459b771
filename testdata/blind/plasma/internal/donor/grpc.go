package donor

import (
	"context"
	"time"

	"google.golang.org/grpc"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
)

// ServiceName is the fully-qualified gRPC service name.
const ServiceName = "plasmaops.donor.v1.DonorService"

// DonorMessage is the wire form of a donor.
type DonorMessage struct {
	ID           string `json:"id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	DateOfBirth  string `json:"date_of_birth"`
	Phone        string `json:"phone"`
	Email        string `json:"email,omitempty"`
	HomeCentreID string `json:"home_centre_id"`
	Status       string `json:"status"`
	CreatedAt    string `json:"created_at"`
}

func toMessage(d Donor) *DonorMessage {
	return &DonorMessage{
		ID:           d.ID,
		FirstName:    d.FirstName,
		LastName:     d.LastName,
		DateOfBirth:  d.DateOfBirth.Format("2006-01-02"),
		Phone:        d.Phone,
		Email:        d.Email,
		HomeCentreID: d.HomeCentreID,
		Status:       d.Status,
		CreatedAt:    d.CreatedAt.Format(time.RFC3339),
	}
}

type AddressMessage struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

type RegisterDonorRequest struct {
	NationalID   string         `json:"national_id"`
	FirstName    string         `json:"first_name"`
	LastName     string         `json:"last_name"`
	DateOfBirth  string         `json:"date_of_birth"`
	Phone        string         `json:"phone"`
	Email        string         `json:"email"`
	HomeCentreID string         `json:"home_centre_id"`
	Address      AddressMessage `json:"address"`
}

type RegisterDonorResponse struct {
	Donor *DonorMessage `json:"donor"`
}

type GetDonorRequest struct {
	DonorID string `json:"donor_id"`
}

type GetDonorResponse struct {
	Donor *DonorMessage `json:"donor"`
}

type UpdateContactRequest struct {
	DonorID string `json:"donor_id"`
	Phone   string `json:"phone"`
	Email   string `json:"email"`
}

type UpdateContactResponse struct {
	Donor *DonorMessage `json:"donor"`
}

type RecordConsentRequest struct {
	DonorID     string `json:"donor_id"`
	FormVersion string `json:"form_version"`
	SignedAt    string `json:"signed_at"`
}

type RecordConsentResponse struct {
	Recorded bool `json:"recorded"`
}

type RecordDeferralRequest struct {
	DonorID    string `json:"donor_id"`
	ReasonCode string `json:"reason_code"`
	StartsOn   string `json:"starts_on"`
	Days       int    `json:"days"`
	Notes      string `json:"notes"`
}

type RecordDeferralResponse struct {
	DeferralID string `json:"deferral_id"`
	EndsOn     string `json:"ends_on,omitempty"`
	Permanent  bool   `json:"permanent"`
}

// DonorServiceServer is the hand-written server interface.
type DonorServiceServer interface {
	RegisterDonor(context.Context, *RegisterDonorRequest) (*RegisterDonorResponse, error)
	GetDonor(context.Context, *GetDonorRequest) (*GetDonorResponse, error)
	UpdateContact(context.Context, *UpdateContactRequest) (*UpdateContactResponse, error)
	RecordConsent(context.Context, *RecordConsentRequest) (*RecordConsentResponse, error)
	RecordDeferral(context.Context, *RecordDeferralRequest) (*RecordDeferralResponse, error)
}

// Handler implements DonorServiceServer on top of Service.
type Handler struct {
	svc Service
}

// NewHandler returns the gRPC handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

func staffID(ctx context.Context) (string, error) {
	s, ok := grpcx.StaffFrom(ctx)
	if !ok {
		return "", apperr.Unauthenticated("no staff identity")
	}
	return s.ID, nil
}

func parseDate(field, v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		return time.Time{}, apperr.Invalid("%s: expected YYYY-MM-DD", field)
	}
	return t, nil
}

func (h *Handler) RegisterDonor(ctx context.Context, req *RegisterDonorRequest) (*RegisterDonorResponse, error) {
	by, err := staffID(ctx)
	if err != nil {
		return nil, err
	}
	dob, err := parseDate("date_of_birth", req.DateOfBirth)
	if err != nil {
		return nil, err
	}
	d, err := h.svc.Register(ctx, RegisterInput{
		NationalID:   req.NationalID,
		FirstName:    req.FirstName,
		LastName:     req.LastName,
		DateOfBirth:  dob,
		Phone:        req.Phone,
		Email:        req.Email,
		HomeCentreID: req.HomeCentreID,
		Address: Address{
			Line1:      req.Address.Line1,
			Line2:      req.Address.Line2,
			City:       req.Address.City,
			Region:     req.Address.Region,
			PostalCode: req.Address.PostalCode,
			Country:    req.Address.Country,
		},
		RegisteredBy: by,
	})
	if err != nil {
		return nil, err
	}
	return &RegisterDonorResponse{Donor: toMessage(d)}, nil
}

func (h *Handler) GetDonor(ctx context.Context, req *GetDonorRequest) (*GetDonorResponse, error) {
	d, err := h.svc.Get(ctx, req.DonorID)
	if err != nil {
		return nil, err
	}
	return &GetDonorResponse{Donor: toMessage(d)}, nil
}

func (h *Handler) UpdateContact(ctx context.Context, req *UpdateContactRequest) (*UpdateContactResponse, error) {
	d, err := h.svc.UpdateContact(ctx, ContactUpdate{DonorID: req.DonorID, Phone: req.Phone, Email: req.Email})
	if err != nil {
		return nil, err
	}
	return &UpdateContactResponse{Donor: toMessage(d)}, nil
}

func (h *Handler) RecordConsent(ctx context.Context, req *RecordConsentRequest) (*RecordConsentResponse, error) {
	by, err := staffID(ctx)
	if err != nil {
		return nil, err
	}
	var signed time.Time
	if req.SignedAt != "" {
		signed, err = time.Parse(time.RFC3339, req.SignedAt)
		if err != nil {
			return nil, apperr.Invalid("signed_at: expected RFC 3339")
		}
	}
	recorded, err := h.svc.RecordConsent(ctx, Consent{
		DonorID:     req.DonorID,
		FormVersion: req.FormVersion,
		SignedAt:    signed,
		WitnessedBy: by,
	})
	if err != nil {
		return nil, err
	}
	return &RecordConsentResponse{Recorded: recorded}, nil
}

func (h *Handler) RecordDeferral(ctx context.Context, req *RecordDeferralRequest) (*RecordDeferralResponse, error) {
	by, err := staffID(ctx)
	if err != nil {
		return nil, err
	}
	starts, err := parseDate("starts_on", req.StartsOn)
	if err != nil {
		return nil, err
	}
	d, err := h.svc.RecordDeferral(ctx, DeferralInput{
		DonorID:    req.DonorID,
		ReasonCode: req.ReasonCode,
		StartsOn:   starts,
		Days:       req.Days,
		RecordedBy: by,
		Notes:      req.Notes,
	})
	if err != nil {
		return nil, err
	}
	resp := &RecordDeferralResponse{DeferralID: d.ID, Permanent: d.Permanent()}
	if d.EndsOn != nil {
		resp.EndsOn = d.EndsOn.Format("2006-01-02")
	}
	return resp, nil
}

// GRPCService describes DonorService for registration.
func GRPCService(h *Handler) grpcx.Service {
	var s DonorServiceServer = h
	return grpcx.Service{
		Desc: &grpc.ServiceDesc{
			ServiceName: ServiceName,
			HandlerType: (*DonorServiceServer)(nil),
			Methods: []grpc.MethodDesc{
				grpcx.Unary(ServiceName, "RegisterDonor", s.RegisterDonor),
				grpcx.Unary(ServiceName, "GetDonor", s.GetDonor),
				grpcx.Unary(ServiceName, "UpdateContact", s.UpdateContact),
				grpcx.Unary(ServiceName, "RecordConsent", s.RecordConsent),
				grpcx.Unary(ServiceName, "RecordDeferral", s.RecordDeferral),
			},
			Metadata: "plasmaops/donor/v1/donor.proto",
		},
		Impl: s,
	}
}
