package store

import (
	"context"
	"time"

	"github.com/lingua/academy/internal/platform/idempotency"
)

// Querier is every query the services run. Repo implements it over either
// the pool or a transaction.
type Querier interface {
	idempotency.ResponseStore

	// students and catalogue
	GetStudent(ctx context.Context, id string) (Student, error)
	GetCourse(ctx context.Context, id string) (Course, error)
	SetStudentLevel(ctx context.Context, studentID, level string) error
	AddAccountCredit(ctx context.Context, studentID string, cents int64) error

	// caller idempotency keys
	ClaimIdempotencyKey(ctx context.Context, scope, key, requestHash string) (bool, error)
	GetIdempotencyKey(ctx context.Context, scope, key string) (IdempotencyRecord, error)
	CompleteIdempotencyKey(ctx context.Context, scope, key, resourceID string) error

	// enrolments and instalments
	InsertEnrolment(ctx context.Context, e Enrolment) error
	GetEnrolment(ctx context.Context, id string) (Enrolment, error)
	LockEnrolment(ctx context.Context, id string) (Enrolment, error)
	SetEnrolmentStatus(ctx context.Context, id, status string) error
	SetEnrolmentTransferredTo(ctx context.Context, id, to string) error
	InsertInstalments(ctx context.Context, items []Instalment) error
	ListInstalments(ctx context.Context, enrolmentID string) ([]Instalment, error)
	CancelOpenInstalments(ctx context.Context, enrolmentID string) (int64, error)
	GetInstalment(ctx context.Context, id string) (Instalment, error)
	GetDueInstalment(ctx context.Context, id string) (DueInstalment, error)
	ListDueInstalments(ctx context.Context, asOf time.Time, limit int) ([]DueInstalment, error)
	MarkInstalmentPaid(ctx context.Context, id, paymentIntentID string, at time.Time) error
	MarkInstalmentOverdue(ctx context.Context, id string) error
	SetInstalmentReminded(ctx context.Context, id string, at time.Time) error

	// payment attempts
	UpsertLivePaymentAttempt(ctx context.Context, a PaymentAttempt) (PaymentAttempt, error)
	InsertPaymentAttempt(ctx context.Context, a PaymentAttempt) error
	SupersedePendingAttempts(ctx context.Context, instalmentID string) (int64, error)
	MarkAttemptResult(ctx context.Context, id, status, paymentIntentID, failureCode string) error
	GetAttemptByIntent(ctx context.Context, paymentIntentID string) (PaymentAttempt, error)
	ClaimStripeEvent(ctx context.Context, eventID, eventType string) (bool, error)

	// refunds and credit notes
	InsertRefund(ctx context.Context, r Refund) error
	GetRefund(ctx context.Context, id string) (Refund, error)
	MarkRefundIssued(ctx context.Context, id, stripeRefundID string) error
	MarkRefundStatusByStripeID(ctx context.Context, stripeRefundID, status string) error
	NextCreditNoteNumber(ctx context.Context) (string, error)
	InsertCreditNote(ctx context.Context, cn CreditNote) error

	// placement tests
	GetExamSession(ctx context.Context, id string) (ExamSession, error)
	GetExamSessionByCentreID(ctx context.Context, centreSessionID string) (ExamSession, error)
	UpsertPlacementBooking(ctx context.Context, b PlacementBooking) (PlacementBooking, error)
	GetPlacementBooking(ctx context.Context, id string) (PlacementBooking, error)
	GetBookingByCentreRef(ctx context.Context, ref string) (PlacementBooking, error)
	SetPlacementBookingStatus(ctx context.Context, id, status string) error
	ConfirmBookingByCentreRef(ctx context.Context, ref string, at time.Time) (PlacementBooking, error)
	MarkBookingNoShow(ctx context.Context, ref string) (PlacementBooking, error)
	MoveBooking(ctx context.Context, id, sessionID, centreRef string) error
	InsertReschedule(ctx context.Context, r PlacementReschedule) (PlacementReschedule, error)
	CompleteReschedule(ctx context.Context, id, centreRef string) error
	InsertPlacementResult(ctx context.Context, r PlacementResult) error
	ListBookedForSession(ctx context.Context, sessionID string) ([]BookingContact, error)
	MarkSessionCancelled(ctx context.Context, sessionID, reason string, notified int) error

	// rooms
	GetRoom(ctx context.Context, id string) (Room, error)
	InsertRoomBooking(ctx context.Context, b RoomBooking) (bool, error)
	GetRoomBookingBySlot(ctx context.Context, roomID string, startsAt time.Time) (RoomBooking, error)

	// payroll
	GetTeacher(ctx context.Context, id string) (Teacher, error)
	InsertPayrollRun(ctx context.Context, r PayrollRun) (bool, error)
	GetPayrollRun(ctx context.Context, id string) (PayrollRun, error)
	GetPayrollRunByPeriod(ctx context.Context, period string) (PayrollRun, error)
	GetPayrollRunByBatch(ctx context.Context, batchID string) (PayrollRun, error)
	SetPayrollRunStatus(ctx context.Context, id, status string) error
	MarkPayrollRunSubmitted(ctx context.Context, id, batchID string, at time.Time) error
	BuildPayslips(ctx context.Context, runID, period string) (int64, error)
	ListPayslips(ctx context.Context, runID string) ([]Payslip, error)
	ListUnsentPayslips(ctx context.Context, runID string) ([]Payslip, error)
	SetPayslipPayout(ctx context.Context, id, payoutID string) error
	SetPayslipStatusByPayout(ctx context.Context, payoutID, status string) (Payslip, error)
	InsertPayrollAdjustment(ctx context.Context, a PayrollAdjustment) error
	MarkPayslipsEmailed(ctx context.Context, ids []string, at time.Time) error
	WebhookEventSeen(ctx context.Context, provider, eventID string) (bool, error)
	RecordWebhookEvent(ctx context.Context, provider, eventID, eventType string) error

	// visa letters
	InsertVisaLetter(ctx context.Context, v VisaLetter) (VisaLetter, error)
	GetVisaLetter(ctx context.Context, id string) (VisaLetter, error)
	GetVisaLetterByRequest(ctx context.Context, requestID string) (VisaLetter, error)
	SetVisaLetterSubmitted(ctx context.Context, id, requestID string) error
	SetVisaLetterStatus(ctx context.Context, id, status, reason string) error
	InsertVisaDocument(ctx context.Context, d VisaDocument) error
	ClaimInboxMessage(ctx context.Context, source, messageID string) (bool, error)

	// notifications
	ClaimNotification(ctx context.Context, n Notification) (Notification, bool, error)
	MarkNotificationSent(ctx context.Context, id, providerRef string, at time.Time) error
	MarkNotificationFailed(ctx context.Context, id, reason string) error
	UpdateDeliveryStatus(ctx context.Context, providerRef, status string, at time.Time) (int64, error)
}
