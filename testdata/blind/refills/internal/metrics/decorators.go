package metrics

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/scriptline/refills/internal/carrier"
	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/service"
)

// ---- patients ----

type patientService struct {
	next service.PatientService
	rec  *Recorder
}

func NewPatientService(next service.PatientService, rec *Recorder) service.PatientService {
	return &patientService{next: next, rec: rec}
}

func (d *patientService) Register(ctx context.Context, in service.RegisterPatientInput) (*domain.Patient, error) {
	return observe1(d.rec, "patients", "Register", func() (*domain.Patient, error) { return d.next.Register(ctx, in) })
}

func (d *patientService) Get(ctx context.Context, id uuid.UUID) (*domain.Patient, error) {
	return observe1(d.rec, "patients", "Get", func() (*domain.Patient, error) { return d.next.Get(ctx, id) })
}

func (d *patientService) AddPaymentMethod(ctx context.Context, patientID uuid.UUID, pmID string) error {
	return observe(d.rec, "patients", "AddPaymentMethod", func() error { return d.next.AddPaymentMethod(ctx, patientID, pmID) })
}

func (d *patientService) IssueCredit(ctx context.Context, in service.IssueCreditInput) (*domain.AccountCredit, error) {
	return observe1(d.rec, "patients", "IssueCredit", func() (*domain.AccountCredit, error) { return d.next.IssueCredit(ctx, in) })
}

func (d *patientService) SetReminderPreference(ctx context.Context, in service.ReminderPreferenceInput) (*domain.ReminderPreference, error) {
	return observe1(d.rec, "patients", "SetReminderPreference", func() (*domain.ReminderPreference, error) {
		return d.next.SetReminderPreference(ctx, in)
	})
}

// ---- prescriptions ----

type prescriptionService struct {
	next service.PrescriptionService
	rec  *Recorder
}

func NewPrescriptionService(next service.PrescriptionService, rec *Recorder) service.PrescriptionService {
	return &prescriptionService{next: next, rec: rec}
}

func (d *prescriptionService) Intake(ctx context.Context, in service.NewRxInput) (*domain.Prescription, bool, error) {
	return observe2(d.rec, "prescriptions", "Intake", func() (*domain.Prescription, bool, error) { return d.next.Intake(ctx, in) })
}

// ---- refills ----

type refillService struct {
	next service.RefillService
	rec  *Recorder
}

func NewRefillService(next service.RefillService, rec *Recorder) service.RefillService {
	return &refillService{next: next, rec: rec}
}

func (d *refillService) Request(ctx context.Context, in service.RequestRefillInput) (*domain.RefillRequest, error) {
	return observe1(d.rec, "refills", "Request", func() (*domain.RefillRequest, error) { return d.next.Request(ctx, in) })
}

func (d *refillService) Get(ctx context.Context, id uuid.UUID) (*domain.RefillRequest, error) {
	return observe1(d.rec, "refills", "Get", func() (*domain.RefillRequest, error) { return d.next.Get(ctx, id) })
}

func (d *refillService) CheckEligibility(ctx context.Context, refillID uuid.UUID) (*domain.EligibilityCheck, error) {
	return observe1(d.rec, "refills", "CheckEligibility", func() (*domain.EligibilityCheck, error) {
		return d.next.CheckEligibility(ctx, refillID)
	})
}

func (d *refillService) Verify(ctx context.Context, in service.VerifyInput) error {
	return observe(d.rec, "refills", "Verify", func() error { return d.next.Verify(ctx, in) })
}

func (d *refillService) Cancel(ctx context.Context, in service.CancelInput) error {
	return observe(d.rec, "refills", "Cancel", func() error { return d.next.Cancel(ctx, in) })
}

func (d *refillService) RequestPriorAuth(ctx context.Context, in service.PriorAuthInput) (*domain.PriorAuthorization, error) {
	return observe1(d.rec, "refills", "RequestPriorAuth", func() (*domain.PriorAuthorization, error) {
		return d.next.RequestPriorAuth(ctx, in)
	})
}

func (d *refillService) AutoRefillScan(ctx context.Context, asOf time.Time) (int, error) {
	return observe1(d.rec, "refills", "AutoRefillScan", func() (int, error) { return d.next.AutoRefillScan(ctx, asOf) })
}

// ---- claims ----

type claimService struct {
	next service.ClaimService
	rec  *Recorder
}

func NewClaimService(next service.ClaimService, rec *Recorder) service.ClaimService {
	return &claimService{next: next, rec: rec}
}

func (d *claimService) Adjudicate(ctx context.Context, refillID uuid.UUID) error {
	return observe(d.rec, "claims", "Adjudicate", func() error { return d.next.Adjudicate(ctx, refillID) })
}

func (d *claimService) Reverse(ctx context.Context, claimID uuid.UUID, reason string) error {
	return observe(d.rec, "claims", "Reverse", func() error { return d.next.Reverse(ctx, claimID, reason) })
}

func (d *claimService) PollSubmitted(ctx context.Context) (int, error) {
	return observe1(d.rec, "claims", "PollSubmitted", func() (int, error) { return d.next.PollSubmitted(ctx) })
}

func (d *claimService) SyncRemittances(ctx context.Context) (int, error) {
	return observe1(d.rec, "claims", "SyncRemittances", func() (int, error) { return d.next.SyncRemittances(ctx) })
}

func (d *claimService) ImportRemittance(ctx context.Context, batchID string) error {
	return observe(d.rec, "claims", "ImportRemittance", func() error { return d.next.ImportRemittance(ctx, batchID) })
}

// ---- payments ----

type paymentService struct {
	next service.PaymentService
	rec  *Recorder
}

func NewPaymentService(next service.PaymentService, rec *Recorder) service.PaymentService {
	return &paymentService{next: next, rec: rec}
}

func (d *paymentService) ChargeCopay(ctx context.Context, refillID uuid.UUID) error {
	return observe(d.rec, "payments", "ChargeCopay", func() error { return d.next.ChargeCopay(ctx, refillID) })
}

func (d *paymentService) RetryCopay(ctx context.Context, in service.RetryCopayInput) (*domain.PaymentAttempt, error) {
	return observe1(d.rec, "payments", "RetryCopay", func() (*domain.PaymentAttempt, error) { return d.next.RetryCopay(ctx, in) })
}

// ---- fulfillment ----

type fulfillmentService struct {
	next service.FulfillmentService
	rec  *Recorder
}

func NewFulfillmentService(next service.FulfillmentService, rec *Recorder) service.FulfillmentService {
	return &fulfillmentService{next: next, rec: rec}
}

func (d *fulfillmentService) CreateLabel(ctx context.Context, refillID uuid.UUID) error {
	return observe(d.rec, "fulfillment", "CreateLabel", func() error { return d.next.CreateLabel(ctx, refillID) })
}

func (d *fulfillmentService) VoidLabel(ctx context.Context, shipmentID uuid.UUID) error {
	return observe(d.rec, "fulfillment", "VoidLabel", func() error { return d.next.VoidLabel(ctx, shipmentID) })
}

func (d *fulfillmentService) ChangeAddress(ctx context.Context, refillID uuid.UUID, to domain.Address) (*domain.RefillRequest, error) {
	return observe1(d.rec, "fulfillment", "ChangeAddress", func() (*domain.RefillRequest, error) {
		return d.next.ChangeAddress(ctx, refillID, to)
	})
}

func (d *fulfillmentService) SchedulePickup(ctx context.Context, locationID string, day time.Time) error {
	return observe(d.rec, "fulfillment", "SchedulePickup", func() error { return d.next.SchedulePickup(ctx, locationID, day) })
}

// ---- notifications ----

type notificationService struct {
	next service.NotificationService
	rec  *Recorder
}

func NewNotificationService(next service.NotificationService, rec *Recorder) service.NotificationService {
	return &notificationService{next: next, rec: rec}
}

func (d *notificationService) ScanReminders(ctx context.Context, asOf time.Time) (int, error) {
	return observe1(d.rec, "notifications", "ScanReminders", func() (int, error) { return d.next.ScanReminders(ctx, asOf) })
}

func (d *notificationService) SendReminder(ctx context.Context, reminderID string) error {
	return observe(d.rec, "notifications", "SendReminder", func() error { return d.next.SendReminder(ctx, reminderID) })
}

func (d *notificationService) NotifyShipped(ctx context.Context, shipmentID uuid.UUID) error {
	return observe(d.rec, "notifications", "NotifyShipped", func() error { return d.next.NotifyShipped(ctx, shipmentID) })
}

// ---- webhooks ----

type stripeEventService struct {
	next service.StripeEventService
	rec  *Recorder
}

func NewStripeEventService(next service.StripeEventService, rec *Recorder) service.StripeEventService {
	return &stripeEventService{next: next, rec: rec}
}

func (d *stripeEventService) PaymentSucceeded(ctx context.Context, e service.PaymentIntentEvent) error {
	return observe(d.rec, "stripe_events", "PaymentSucceeded", func() error { return d.next.PaymentSucceeded(ctx, e) })
}

func (d *stripeEventService) PaymentFailed(ctx context.Context, e service.PaymentIntentEvent) error {
	return observe(d.rec, "stripe_events", "PaymentFailed", func() error { return d.next.PaymentFailed(ctx, e) })
}

func (d *stripeEventService) ChargeRefunded(ctx context.Context, e service.ChargeRefundedEvent) error {
	return observe(d.rec, "stripe_events", "ChargeRefunded", func() error { return d.next.ChargeRefunded(ctx, e) })
}

func (d *stripeEventService) DisputeCreated(ctx context.Context, e service.DisputeEvent) error {
	return observe(d.rec, "stripe_events", "DisputeCreated", func() error { return d.next.DisputeCreated(ctx, e) })
}

type carrierEventService struct {
	next service.CarrierEventService
	rec  *Recorder
}

func NewCarrierEventService(next service.CarrierEventService, rec *Recorder) service.CarrierEventService {
	return &carrierEventService{next: next, rec: rec}
}

func (d *carrierEventService) TrackingUpdated(ctx context.Context, e carrier.WebhookEvent) error {
	return observe(d.rec, "carrier_events", "TrackingUpdated", func() error { return d.next.TrackingUpdated(ctx, e) })
}

func (d *carrierEventService) Exception(ctx context.Context, e carrier.WebhookEvent) error {
	return observe(d.rec, "carrier_events", "Exception", func() error { return d.next.Exception(ctx, e) })
}
