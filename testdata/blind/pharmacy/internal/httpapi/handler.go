// Package httpapi is the HTTP surface: clinic and partner webhooks, the
// patient app API and the staff console API.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/cedarleaf/pharmacy/internal/billing"
	"github.com/cedarleaf/pharmacy/internal/claims"
	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/delivery"
	"github.com/cedarleaf/pharmacy/internal/inventory"
	"github.com/cedarleaf/pharmacy/internal/order"
	"github.com/cedarleaf/pharmacy/internal/patient"
	"github.com/cedarleaf/pharmacy/internal/platform/httpx"
	"github.com/cedarleaf/pharmacy/internal/prescription"
	"github.com/cedarleaf/pharmacy/internal/provider/courier"
	"github.com/cedarleaf/pharmacy/internal/refill"
)

// Service interfaces, declared where they are consumed.
type (
	PrescriptionService interface {
		Intake(ctx context.Context, clinicID string, in prescription.IntakeRequest) (prescription.IntakeResult, error)
		CancelFromClinic(ctx context.Context, clinicID, externalRxID, reason string) (prescription.CancelResult, error)
	}
	PatientService interface {
		Register(ctx context.Context, clinicID string, in patient.Registration) (db.Patient, error)
		EnsureBillingProfile(ctx context.Context, patientID uuid.UUID) (patient.BillingProfile, error)
		CheckCoverage(ctx context.Context, patientID uuid.UUID, requestID string) (patient.Coverage, error)
	}
	RefillService interface {
		Request(ctx context.Context, in refill.RequestInput) (refill.Submitted, error)
		Approve(ctx context.Context, refillID, pharmacistID string) (refill.Approved, error)
	}
	BillingService interface {
		Pay(ctx context.Context, in billing.PayInput) (billing.PayResult, int, error)
		CancelOrder(ctx context.Context, orderID, patientID uuid.UUID, reason string) (billing.CancelResult, error)
		ParseStripeWebhook(payload []byte, signature string) (stripe.Event, error)
		HandleStripeEvent(ctx context.Context, ev stripe.Event) error
	}
	OrderService interface {
		MarkReadyForPickup(ctx context.Context, orderID uuid.UUID, staffID string) (order.PickupReady, error)
	}
	ClaimService interface {
		Resubmit(ctx context.Context, claimID uuid.UUID, staffID string, fix claims.Corrections) (claims.ResubmitResult, error)
		HandleCallback(ctx context.Context, cb claims.Callback) error
	}
	DeliveryService interface {
		Redispatch(ctx context.Context, shipmentID uuid.UUID, staffID, notes string) (delivery.RedispatchResult, error)
		HandleEvent(ctx context.Context, ev courier.Event) error
	}
	InventoryService interface {
		Adjust(ctx context.Context, in inventory.AdjustmentInput) (db.InventoryItem, error)
	}
	NotificationService interface {
		StatusCallback(ctx context.Context, messageSID, status, errorCode string) error
	}
	ClinicDirectory interface {
		GetClinic(ctx context.Context, id string) (db.Clinic, error)
	}
)

// Secrets holds the shared secrets for partner webhooks.
type Secrets struct {
	CourierWebhookSecret string
	PBMWebhookSecret     string
	TwilioAuthToken      string
	PublicBaseURL        string
	StaffTokens          map[string]string
}

// Handler serves every route. Fields are set by internal/app.
type Handler struct {
	Prescriptions PrescriptionService
	Patients      PatientService
	Refills       RefillService
	Billing       BillingService
	Orders        OrderService
	Claims        ClaimService
	Delivery      DeliveryService
	Inventory     InventoryService
	Notifications NotificationService
	Clinics       ClinicDirectory
	Secrets       Secrets
	Log           *slog.Logger
}

// Routes builds the router.
func (h *Handler) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RealIP)
	r.Use(httpx.RequestLogger(h.Log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/webhooks", func(r chi.Router) {
		r.Route("/clinics/{clinicID}", func(r chi.Router) {
			r.Use(h.clinicSignature)
			r.Post("/prescriptions", h.ClinicNewPrescription)
			r.Post("/prescriptions/{externalRxID}/cancel", h.ClinicCancelPrescription)
			r.Post("/patients", h.ClinicRegisterPatient)
		})
		r.Post("/stripe", h.StripeWebhook)
		r.Post("/courier", h.CourierWebhook)
		r.Post("/pbm/adjudications", h.PBMAdjudicationCallback)
		r.Post("/twilio/status", h.TwilioStatusCallback)
	})

	r.Route("/v1", func(r chi.Router) {
		r.Group(func(r chi.Router) {
			r.Use(patientIdentity)
			r.Post("/patients/{patientID}/refills", h.RequestRefill)
			r.Post("/patients/{patientID}/billing-profile", h.EnsureBillingProfile)
			r.Post("/patients/{patientID}/coverage-checks", h.CheckCoverage)
			r.Post("/orders/{orderID}/payments", h.PayOrder)
			r.Post("/orders/{orderID}/cancel", h.CancelOrder)
		})
		r.Route("/staff", func(r chi.Router) {
			r.Use(httpx.StaffAuth(h.Secrets.StaffTokens))
			r.Post("/refills/{refillID}/approve", h.ApproveRefill)
			r.Post("/orders/{orderID}/ready-for-pickup", h.ReadyForPickup)
			r.Post("/claims/{claimID}/resubmit", h.ResubmitClaim)
			r.Post("/shipments/{shipmentID}/redispatch", h.RedispatchShipment)
			r.Post("/inventory/adjustments", h.AdjustInventory)
		})
	})
	return r
}

func uuidParam(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, httpx.NewError(http.StatusBadRequest, "bad_request", "invalid "+name)
	}
	return id, nil
}
