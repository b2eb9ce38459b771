// Package service holds the refill pipeline's business logic. Services
// depend on the repository and provider interfaces declared here; package
// app binds them to the store, provider clients and metrics decorators.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/scriptline/refills/internal/carrier"
	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/payments"
	"github.com/scriptline/refills/internal/pbm"
)

// ---- repositories ----

type PatientRepository interface {
	Create(ctx context.Context, p *domain.Patient) error
	Get(ctx context.Context, id any) (*domain.Patient, error)
	FindByMRN(ctx context.Context, pharmacyID, mrn string) (*domain.Patient, error)
	SetStripeCustomer(ctx context.Context, id uuid.UUID, customerID string) error
	SetDefaultPaymentMethod(ctx context.Context, id uuid.UUID, pmID string) error
}

type PrescriptionRepository interface {
	Get(ctx context.Context, id any) (*domain.Prescription, error)
	GetForUpdate(ctx context.Context, id any) (*domain.Prescription, error)
	CreateIgnoreConflict(ctx context.Context, rx *domain.Prescription, conflictColumns ...string) (bool, error)
	FindByERxMessage(ctx context.Context, messageID string) (*domain.Prescription, error)
	RecordFill(ctx context.Context, id uuid.UUID, fillNumber int) error
	MarkFilled(ctx context.Context, id uuid.UUID, at time.Time) error
	DueBetween(ctx context.Context, from, to time.Time, autoRefillOnly bool) ([]domain.Prescription, error)
}

type ReminderPreferenceRepository interface {
	Put(ctx context.Context, p *domain.ReminderPreference) error
	ForPrescriptions(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]domain.ReminderPreference, error)
}

type CreditRepository interface {
	Create(ctx context.Context, c *domain.AccountCredit) error
}

type LedgerRepository interface {
	Create(ctx context.Context, e *domain.LedgerEntry) error
}

type RefillRepository interface {
	Create(ctx context.Context, r *domain.RefillRequest) error
	CreateIgnoreConflict(ctx context.Context, r *domain.RefillRequest, conflictColumns ...string) (bool, error)
	Get(ctx context.Context, id any) (*domain.RefillRequest, error)
	Exists(ctx context.Context, query string, args ...any) (bool, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.RefillStatus) error
	Transition(ctx context.Context, id uuid.UUID, to domain.RefillStatus, from ...domain.RefillStatus) (bool, error)
	MarkCancelled(ctx context.Context, id uuid.UUID, reason string) error
	UpdateShipTo(ctx context.Context, id uuid.UUID, a domain.Address) error
}

type VerificationRepository interface {
	Record(ctx context.Context, v *domain.PharmacistVerification) (bool, error)
}

type EligibilityRepository interface {
	Create(ctx context.Context, c *domain.EligibilityCheck) error
	Latest(ctx context.Context, refillID uuid.UUID) (*domain.EligibilityCheck, error)
}

type IdempotencyRepository interface {
	Claim(ctx context.Context, scope, key, requestHash string) (bool, *domain.IdempotencyKey, error)
	Complete(ctx context.Context, scope, key, resourceID string, status int) error
}

type ClaimRepository interface {
	Get(ctx context.Context, id any) (*domain.Claim, error)
	FindByRefill(ctx context.Context, refillID uuid.UUID) (*domain.Claim, error)
	CreateIntent(ctx context.Context, c *domain.Claim) (bool, error)
	ListSubmitted(ctx context.Context, olderThan time.Time, limit int) ([]domain.Claim, error)
	ApplyResult(ctx context.Context, c *domain.Claim) (bool, error)
	UpdateWhere(ctx context.Context, fields map[string]any, query string, args ...any) (int64, error)
}

type ClaimReversalRepository interface {
	Create(ctx context.Context, r *domain.ClaimReversal) error
}

type PriorAuthRepository interface {
	Create(ctx context.Context, pa *domain.PriorAuthorization) error
}

type PaymentRepository interface {
	Get(ctx context.Context, id any) (*domain.Payment, error)
	CreateIgnoreConflict(ctx context.Context, p *domain.Payment, conflictColumns ...string) (bool, error)
	FindCopay(ctx context.Context, refillID uuid.UUID) (*domain.Payment, error)
	FindByIntent(ctx context.Context, paymentIntentID string) (*domain.Payment, error)
	AttachIntent(ctx context.Context, id uuid.UUID, intentID string, status domain.PaymentStatus) error
	SetStatus(ctx context.Context, id uuid.UUID, to domain.PaymentStatus, failureCode string, from ...domain.PaymentStatus) (bool, error)
	AddRefunded(ctx context.Context, id uuid.UUID, cents int64) error
}

type PaymentAttemptRepository interface {
	CreateIgnoreConflict(ctx context.Context, a *domain.PaymentAttempt, conflictColumns ...string) (bool, error)
	FindByClientKey(ctx context.Context, paymentID uuid.UUID, key string) (*domain.PaymentAttempt, error)
	UpdateFields(ctx context.Context, id any, fields map[string]any) error
}

type RefundRepository interface {
	Create(ctx context.Context, r *domain.Refund) error
	Exists(ctx context.Context, query string, args ...any) (bool, error)
}

type DisputeRepository interface {
	Create(ctx context.Context, d *domain.Dispute) error
}

type StripeEventRepository interface {
	Record(ctx context.Context, eventID, eventType string) (bool, error)
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

type ShipmentRepository interface {
	Get(ctx context.Context, id any) (*domain.Shipment, error)
	FindByRefill(ctx context.Context, refillID uuid.UUID) (*domain.Shipment, error)
	FindByTracking(ctx context.Context, carrier, tracking string) (*domain.Shipment, error)
	CreateIntent(ctx context.Context, s *domain.Shipment) (bool, error)
	RecordLabel(ctx context.Context, id uuid.UUID, labelID, tracking, url string, postage int64) error
	Advance(ctx context.Context, s *domain.Shipment, to domain.ShipmentStatus, at time.Time) (bool, error)
	UpdateWhere(ctx context.Context, fields map[string]any, query string, args ...any) (int64, error)
	UpdateFields(ctx context.Context, id any, fields map[string]any) error
	CountAwaitingPickup(ctx context.Context) (int64, error)
}

type TrackingEventRepository interface {
	Append(ctx context.Context, e *domain.TrackingEvent) (bool, error)
}

type ReshipRepository interface {
	Open(ctx context.Context, s *domain.Shipment, reason string) (*domain.ReshipOrder, error)
}

type PickupRepository interface {
	ForDate(ctx context.Context, locationID string, day time.Time) (*domain.CarrierPickup, error)
	Create(ctx context.Context, p *domain.CarrierPickup) error
}

type ReminderRepository interface {
	Get(ctx context.Context, id any) (*domain.RefillReminder, error)
	Schedule(ctx context.Context, r *domain.RefillReminder) (*domain.RefillReminder, bool, error)
	MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error
	MarkSkipped(ctx context.Context, id string) error
}

type ScanRunRepository interface {
	Create(ctx context.Context, r *domain.ReminderScanRun) error
	Finish(ctx context.Context, id string, candidates, enqueued int) error
}

type NotificationRepository interface {
	Log(ctx context.Context, n *domain.Notification) error
	Sent(ctx context.Context, template, dedupKey string) (bool, error)
}

type RemittanceRepository interface {
	SaveBatch(ctx context.Context, b *domain.RemittanceBatch, lines []domain.RemittanceLine) error
	LatestPeriodEnd(ctx context.Context) (*domain.RemittanceBatch, error)
}

// ---- providers ----

type PBM interface {
	CheckEligibility(ctx context.Context, req pbm.EligibilityRequest) (*pbm.EligibilityResponse, error)
	SubmitClaim(ctx context.Context, req pbm.ClaimRequest) (*pbm.ClaimResponse, error)
	ClaimStatus(ctx context.Context, claimReference string) (*pbm.ClaimResponse, error)
	ReverseClaim(ctx context.Context, claimReference, reason string) (*pbm.ReversalResponse, error)
	SubmitPriorAuth(ctx context.Context, req pbm.PriorAuthRequest) (*pbm.PriorAuthResponse, error)
	ListRemittances(ctx context.Context, since time.Time) ([]pbm.RemittanceSummary, error)
	GetRemittance(ctx context.Context, batchID string) (*pbm.Remittance, error)
}

type Carrier interface {
	CreateLabel(ctx context.Context, req carrier.LabelRequest) (*carrier.Label, error)
	VoidLabel(ctx context.Context, labelID string) error
	SchedulePickup(ctx context.Context, req carrier.PickupRequest) (*carrier.Pickup, error)
}

type PaymentGateway interface {
	CreateCustomer(ctx context.Context, in payments.CustomerInput) (string, error)
	AttachPaymentMethod(ctx context.Context, paymentMethodID, customerID string) error
	ChargeOffSession(ctx context.Context, in payments.ChargeInput) (*payments.ChargeResult, error)
	Refund(ctx context.Context, in payments.RefundInput) (string, error)
}

// Clock and ID sources are injected so tests can pin them.
type Clock func() time.Time
