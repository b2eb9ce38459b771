package service

import (
	"context"
	"time"

	"github.com/fieldday/leagues/internal/provider/payments"
	"github.com/fieldday/leagues/internal/provider/screening"
	"github.com/fieldday/leagues/internal/provider/sms"
	"github.com/fieldday/leagues/internal/store"
)

// ---- Provider-facing interfaces -------------------------------------------

// PaymentGateway is the subset of the payments client the services use.
type PaymentGateway interface {
	CreatePayment(ctx context.Context, req payments.PaymentRequest) (*payments.PaymentResponse, error)
	Refund(ctx context.Context, pspReference string, req payments.RefundRequest) (*payments.RefundResponse, error)
	LookupByRequestReference(ctx context.Context, ref string) (*payments.PaymentStatus, error)
}

// SMSSender sends a single text.
type SMSSender interface {
	Send(ctx context.Context, m sms.Message) (*sms.Sent, error)
}

// Texter renders templated texts and sends them without an outbox row.
type Texter interface {
	Render(name string, data any) (string, error)
	Text(ctx context.Context, to, name string, data any) (string, error)
}

// ScreeningVendor opens background screening orders.
type ScreeningVendor interface {
	CreateOrder(ctx context.Context, idempotencyKey string, req screening.OrderRequest) (*screening.Order, error)
	DefaultPackage() string
}

// Jobs enqueues background work. Implemented by internal/jobs.
type Jobs interface {
	EnqueuePromotion(ctx context.Context, divisionID, triggerID string) error
	EnqueueReminder(ctx context.Context, job ReminderJob) error
	EnqueueReceipt(ctx context.Context, registrationID, intentID string) error
	EnqueueReconcile(ctx context.Context, intentID string, after time.Duration) error
	EnqueueExpireUnpaid(ctx context.Context, registrationID string, at time.Time) error
	EnqueueOrderCheck(ctx context.Context, checkID string) error
	EnqueueAutoAssign(ctx context.Context, divisionID string) error
	EnqueuePaymentDue(ctx context.Context, registrationID, dueDate string) error
	EnqueueOutboxDelivery(ctx context.Context, outboxID string) error
}

// ReminderJob is one recipient of a reminder blast.
type ReminderJob struct {
	SeasonID       string `json:"season_id"`
	RegistrationID string `json:"registration_id"`
	Message        string `json:"message"`
	SendOn         string `json:"send_on"`
}

// ---- Handler-facing interfaces --------------------------------------------

// HouseholdService manages family accounts and children.
type HouseholdService interface {
	Register(ctx context.Context, in HouseholdInput) (*store.Household, bool, error)
	AddChild(ctx context.Context, householdID string, in ChildInput) (*store.Child, error)
}

// RegistrationService manages season registrations.
type RegistrationService interface {
	Register(ctx context.Context, idemKey string, in RegisterInput) (*store.Registration, bool, error)
	Get(ctx context.Context, id string) (*store.Registration, error)
	Cancel(ctx context.Context, id, reason string) (*store.Registration, error)
	Transfer(ctx context.Context, id, toDivisionID string) (*store.Registration, error)
}

// DiscountService recomputes sibling discounts.
type DiscountService interface {
	RecalculateSiblingDiscounts(ctx context.Context, householdID, seasonID string) ([]store.Registration, error)
}

// ScholarshipService awards scholarships.
type ScholarshipService interface {
	Award(ctx context.Context, registrationID string, in AwardInput) (*store.ScholarshipAward, error)
}

// PaymentService charges, reconciles and processes processor notifications.
type PaymentService interface {
	Checkout(ctx context.Context, registrationID string, in CheckoutInput) (*store.PaymentIntent, error)
	PayInstallment(ctx context.Context, registrationID string, n int, in CheckoutInput) (*store.PaymentIntent, error)
	HandleNotification(ctx context.Context, n *payments.Notification) error
	Reconcile(ctx context.Context, intentID string) error
}

// WaitlistService manages waitlists and automatic promotion.
type WaitlistService interface {
	Join(ctx context.Context, entryID string, in JoinInput) (*store.WaitlistEntry, int64, error)
	Withdraw(ctx context.Context, entryID string) (*store.WaitlistEntry, error)
	PromoteNext(ctx context.Context, divisionID, triggerID string) error
	ExpireUnpaid(ctx context.Context, registrationID string) error
}

// TeamService assigns players to teams and publishes rosters.
type TeamService interface {
	AssignPlayer(ctx context.Context, teamID, registrationID, assignedBy string) (*store.TeamAssignment, error)
	RequestAutoAssign(ctx context.Context, divisionID string) error
	AutoAssign(ctx context.Context, divisionID string) (int, error)
	PublishRosters(ctx context.Context, divisionID string) (*PublishResult, error)
}

// CoachService manages coaches and their background checks.
type CoachService interface {
	CreateCoach(ctx context.Context, idemKey string, in CoachInput) (*store.Coach, bool, error)
	RequestBackgroundCheck(ctx context.Context, coachID, seasonID string) (*store.BackgroundCheck, error)
	RenewBackgroundCheck(ctx context.Context, coachID, seasonID string) (*store.BackgroundCheck, error)
	OrderBackgroundCheck(ctx context.Context, checkID string) error
	HandleScreeningEvent(ctx context.Context, evt *screening.Event) error
}

// NotificationService sends reminders, receipts and other parent texts.
type NotificationService interface {
	ScheduleReminderBlast(ctx context.Context, seasonID string, in BlastInput) (int, error)
	SendReminder(ctx context.Context, taskID string, job ReminderJob) error
	SweepPaymentDue(ctx context.Context, asOf time.Time) (int, error)
	SendPaymentDue(ctx context.Context, registrationID, dueDate string) error
	SendReceipt(ctx context.Context, registrationID, intentID string) error
	DeliverOutbox(ctx context.Context, outboxID string) error
	HandleStatusCallback(ctx context.Context, cb sms.StatusCallback) error
}

// ---- Inputs ---------------------------------------------------------------

// HouseholdInput creates a household.
type HouseholdInput struct {
	Email        string `json:"email"`
	GuardianName string `json:"guardian_name"`
	Phone        string `json:"phone"`
	SMSOptIn     *bool  `json:"sms_opt_in"`
}

// ChildInput adds a child.
type ChildInput struct {
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	BirthDate    string `json:"birth_date"`
	Gender       string `json:"gender"`
	ShirtSize    string `json:"shirt_size"`
	MedicalNotes string `json:"medical_notes"`
}

// RegisterInput registers a child.
type RegisterInput struct {
	HouseholdID string `json:"household_id"`
	ChildID     string `json:"child_id"`
	SeasonID    string `json:"season_id"`
	DivisionID  string `json:"division_id"`
}

// AwardInput awards a scholarship.
type AwardInput struct {
	Fund        string `json:"fund"`
	AmountCents int64  `json:"amount_cents"`
	ApprovedBy  string `json:"approved_by"`
	Note        string `json:"note"`
}

// CheckoutInput carries the tokenised payment method.
type CheckoutInput struct {
	MethodType     string `json:"method_type"`
	EncryptedToken string `json:"encrypted_token"`
	StoredMethodID string `json:"stored_method_id"`
}

// JoinInput joins a waitlist.
type JoinInput struct {
	HouseholdID string `json:"household_id"`
	ChildID     string `json:"child_id"`
	DivisionID  string `json:"division_id"`
}

// CoachInput creates a coach.
type CoachInput struct {
	Email     string `json:"email"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Phone     string `json:"phone"`
}

// BlastInput schedules a reminder to every active registration in a season.
type BlastInput struct {
	Message string `json:"message"`
	SendOn  string `json:"send_on"`
}

// PublishResult summarises a roster announcement.
type PublishResult struct {
	Texts   int `json:"texts"`
	Skipped int `json:"skipped"`
	Failed  int `json:"failed"`
}
