// Package service holds the business logic of the tool library. Handlers
// (HTTP, asynq, Temporal) depend on the interfaces declared here; the
// implementations depend on store.Store and on the provider interfaces
// below.
package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/provider/lockerapi"
	"github.com/shedshare/toolsd/internal/provider/repairnet"
	"github.com/shedshare/toolsd/internal/provider/smsgw"
)

// ---- services used by the transport layer ----

type MemberService interface {
	Register(ctx context.Context, in RegisterMemberInput) (m *domain.Member, created bool, err error)
	Get(ctx context.Context, id string) (*domain.Member, error)
}

type ReservationService interface {
	Create(ctx context.Context, in CreateReservationInput) (r *domain.Reservation, created bool, err error)
	Cancel(ctx context.Context, memberID, reservationID string) (*domain.Reservation, error)
	Checkout(ctx context.Context, memberID, reservationID string) (*domain.Loan, error)
}

type LoanService interface {
	Get(ctx context.Context, id string) (*domain.Loan, error)
	Extend(ctx context.Context, memberID, loanID string, days int) (*domain.Loan, error)
	RequestReturn(ctx context.Context, memberID, loanID string) error
	SubmitInspection(ctx context.Context, loanID string, in InspectionInput) error
	MarkPickedUp(ctx context.Context, loanID string, at time.Time) error
	MarkReturned(ctx context.Context, loanID string, at time.Time) (*domain.Loan, error)
	RecordInspection(ctx context.Context, loanID string, in InspectionInput) (*domain.Inspection, error)
}

type DepositService interface {
	Hold(ctx context.Context, loanID, opKey string) (*domain.Deposit, error)
	Release(ctx context.Context, loanID, reason string) error
	RequestDamageCapture(ctx context.Context, loanID string, amountCents int64, reason string) error
	CaptureForDamage(ctx context.Context, in CaptureInput) error
}

type FeeService interface {
	Get(ctx context.Context, id string) (*domain.LateFee, error)
	AssessLateFee(ctx context.Context, loanID string, returnedAt time.Time) (*domain.LateFee, error)
	Pay(ctx context.Context, feeID, source string) (*domain.FeePayment, error)
	SweepOutstanding(ctx context.Context, asOf time.Time) (int, error)
}

type LockerService interface {
	StaffOpen(ctx context.Context, in StaffOpenInput) (*domain.StaffLockerOpen, error)
	IssuePickupCode(ctx context.Context, loanID string) (*domain.AccessCode, error)
	OpenForReturn(ctx context.Context, loanID, requestID string) error
	HandleVendorEvent(ctx context.Context, evt lockerapi.Event) error
}

type NotificationService interface {
	SweepDueSoon(ctx context.Context, asOf time.Time) (int, error)
	SendDueSoonReminder(ctx context.Context, loanID string, dueDate time.Time) error
	SweepOverdue(ctx context.Context, asOf time.Time) (int, error)
	SendOverdueNotice(ctx context.Context, loanID, clientRef string) error
	SendFeeFailedNotice(ctx context.Context, feeID string, attemptDate time.Time) error
	SendPickupReady(ctx context.Context, loanID string) error
	SendReturnReceipt(ctx context.Context, loanID string) error
	RecordReceipt(ctx context.Context, r smsgw.Receipt) error
}

type RepairService interface {
	FileDamageReport(ctx context.Context, in DamageReportInput) (*domain.DamageReport, error)
	Dispatch(ctx context.Context, reportID string) (*domain.RepairOrder, error)
	Partner(ctx context.Context, id string) (*domain.RepairPartner, error)
	ApplyPartnerUpdate(ctx context.Context, partnerID string, u repairnet.StatusUpdate) error
}

type CardEventService interface {
	Handle(ctx context.Context, evt cardpay.Event, obj cardpay.ObjectRef) error
}

// ---- inputs ----

type RegisterMemberInput struct {
	HomeBranchID    string
	Email           string
	Phone           string
	FullName        string
	CardCustomerRef string
	CardPaymentRef  string
}

type CreateReservationInput struct {
	MemberID       string
	ToolID         string
	PickupFrom     time.Time
	LoanDays       int
	IdempotencyKey string
}

type InspectionInput struct {
	Inspector string                   `json:"inspector"`
	Outcome   domain.InspectionOutcome `json:"outcome"`
	Notes     string                   `json:"notes"`
	// DamageCents is the staff estimate to capture from the deposit when the
	// outcome is damaged or missing.
	DamageCents int64 `json:"damage_cents"`
}

type CaptureInput struct {
	LoanID      string
	AmountCents int64
	Reason      string
}

type StaffOpenInput struct {
	LockerID string
	StaffID  string
	Reason   string
}

type DamageReportInput struct {
	ReportID    string
	LoanID      string
	MemberID    string
	ReportedBy  string
	Severity    string
	Description string
}

// ---- borrow workflow contract ----

// BorrowInput starts the borrow-return workflow for one loan.
type BorrowInput struct {
	LoanID        string    `json:"loan_id"`
	ReservationID string    `json:"reservation_id"`
	MemberID      string    `json:"member_id"`
	PickupUntil   time.Time `json:"pickup_until"`
	DueAt         time.Time `json:"due_at"`
}

// Signals understood by the borrow-return workflow.
const (
	SignalPickedUp        = "tool-picked-up"
	SignalReturnRequested = "return-requested"
	SignalReturned        = "tool-returned"
	SignalDueChanged      = "due-changed"
	SignalInspected       = "inspected"
)

// LockerSignal is the payload of the pickup/return signals.
type LockerSignal struct {
	EventID    string    `json:"event_id"`
	OccurredAt time.Time `json:"occurred_at"`
}

// LoanWorkflows starts and signals borrow-return workflows.
type LoanWorkflows interface {
	StartBorrow(ctx context.Context, workflowID string, in BorrowInput) error
	Signal(ctx context.Context, workflowID, name string, payload any) error
}

// WorkflowIDForReservation is the borrow workflow ID for a reservation.
func WorkflowIDForReservation(reservationID string) string { return "borrow-" + reservationID }

// ---- providers ----

type CardProcessor interface {
	Hold(ctx context.Context, req cardpay.HoldRequest) (*cardpay.Authorization, error)
	Capture(ctx context.Context, authID string, amountCents int64, idempotencyKey string) (*cardpay.Capture, error)
	VoidHold(ctx context.Context, authID, reason, idempotencyKey string) (*cardpay.Void, error)
	Charge(ctx context.Context, req cardpay.ChargeRequest) (*cardpay.Charge, error)
}

type LockerVendor interface {
	OpenDoor(ctx context.Context, vendorLockerID string, req lockerapi.OpenRequest) (*lockerapi.Command, error)
	CreateAccessCode(ctx context.Context, vendorLockerID string, req lockerapi.AccessCodeRequest) (*lockerapi.AccessCode, error)
	RevokeAccessCode(ctx context.Context, vendorLockerID, codeID string) error
}

type SMSSender interface {
	Send(ctx context.Context, m smsgw.Message) (*smsgw.SendResult, error)
}

type RepairNetwork interface {
	CreatePickup(ctx context.Context, p repairnet.Partner, req repairnet.PickupRequest) (*repairnet.Pickup, error)
}

type TaskQueue interface {
	Enqueue(ctx context.Context, taskType string, payload any, opts ...asynq.Option) (string, error)
	EnqueueOnce(ctx context.Context, taskType, key string, payload any, opts ...asynq.Option) error
}

// Policy holds lending rules that vary per deployment.
type Policy struct {
	MaxExtensions       int
	MaxExtensionDays    int
	PickupWindow        time.Duration
	LateGrace           time.Duration
	MaxLateFeeDays      int
	BranchTimezone      *time.Location
	DueSoonLead         time.Duration
	FeeRetryAfter       time.Duration
	SweepPageSize       int
	DefaultLoanDays     int
	MaxLoanDays         int
	ReservationLeadDays int
}

// Logger is the structured logger type used by services.
type Logger = *slog.Logger
