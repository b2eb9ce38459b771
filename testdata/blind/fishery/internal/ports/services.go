package ports

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
)

type RegisterVesselInput struct {
	RegistrationNo     string
	IMONumber          string
	Name               string
	OwnerID            uuid.UUID
	OwnerPhone         string
	OwnerEmail         string
	HomePort           string
	LengthM            float64
	PaymentCustomerRef string
}

type VesselService interface {
	Register(ctx context.Context, in RegisterVesselInput) (*domain.Vessel, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Vessel, error)
}

type PurchaseInput struct {
	VesselID   uuid.UUID
	ClientRef  string
	Species    string
	Area       string
	Season     int
	QuantityKg int64
}

type TransferInput struct {
	Reference    string
	FromVesselID uuid.UUID
	ToVesselID   uuid.UUID
	Species      string
	Area         string
	Season       int
	QuantityKg   int64
	PriceMinor   int64
}

type QuotaService interface {
	Purchase(ctx context.Context, in PurchaseInput) (*domain.QuotaPurchase, error)
	Transfer(ctx context.Context, in TransferInput) (*domain.QuotaTransfer, error)
}

type LandingLineInput struct {
	Species      string `json:"species"`
	Area         string `json:"area"`
	Presentation string `json:"presentation"`
	WeightKg     int64  `json:"weight_kg"`
}

type DeclareLandingInput struct {
	PortCode       string
	DeclarationNo  string
	VesselRegNo    string
	TripID         string
	LandedAt       time.Time
	Lines          []LandingLineInput
	TerminalSerial string
}

type LandingService interface {
	Declare(ctx context.Context, in DeclareLandingInput) (*domain.Landing, error)
	Ingest(ctx context.Context, in DeclareLandingInput) error
}

type PortCallInput struct {
	VesselID uuid.UUID
	PortCode string
	ETA      time.Time
	Purpose  string
}

type PortCallService interface {
	Notify(ctx context.Context, in PortCallInput) (*domain.PortCall, error)
}

type ObserverService interface {
	File(ctx context.Context, r *domain.ObserverReport) error
}

type CertificateInput struct {
	ExporterID   uuid.UUID
	ExporterEORI string
	ClientRef    string
	CatchLotID   uuid.UUID
	WeightKg     int64
	DestCountry  string
}

type ClearanceDecision struct {
	DeclarationRef string    `json:"declaration_ref"`
	Outcome        string    `json:"outcome"`
	Reason         string    `json:"reason"`
	DecidedAt      time.Time `json:"decided_at"`
}

type CertificateService interface {
	Request(ctx context.Context, in CertificateInput) (*domain.ExportCertificate, error)
	Submit(ctx context.Context, certificateID uuid.UUID) error
	ClearanceStatus(ctx context.Context, certificateID uuid.UUID) (string, error)
	ApplyClearance(ctx context.Context, d ClearanceDecision) error
}

type InvoicingService interface {
	CreateLandingFee(ctx context.Context, landingID uuid.UUID) error
	Charge(ctx context.Context, invoiceID uuid.UUID) error
}

type FeeRunService interface {
	RunLicenceFees(ctx context.Context, period string) error
	RunOveragePenalties(ctx context.Context, season int) error
}

type PaymentEventService interface {
	Handle(ctx context.Context, evt *PaymentEvent) error
}

type TripClosed struct {
	TripID       string    `json:"trip_id"`
	VesselRegNo  string    `json:"vessel_reg_no"`
	DepartedAt   time.Time `json:"departed_at"`
	ReturnedAt   time.Time `json:"returned_at"`
	HaulCount    int       `json:"haul_count"`
	TotalCatchKg int64     `json:"total_catch_kg"`
}

type TripService interface {
	Close(ctx context.Context, evt TripClosed) error
}

type VesselStatusChanged struct {
	RegistrationNo string    `json:"registration_no"`
	Status         string    `json:"status"`
	Reason         string    `json:"reason"`
	EffectiveAt    time.Time `json:"effective_at"`
}

type FleetService interface {
	ApplyVesselStatus(ctx context.Context, eventID string, evt VesselStatusChanged) error
}

type NotificationService interface {
	Deliver(ctx context.Context, reference string, m Message) error
}
