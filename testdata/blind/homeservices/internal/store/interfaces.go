package store

import (
	"context"
	"time"

	"github.com/tradeloop/homeservices/internal/domain"
)

// JobRepository stores jobs.
type JobRepository interface {
	Create(ctx context.Context, j *domain.Job) error
	Get(ctx context.Context, id string) (*domain.Job, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Job, error)
	SetStatus(ctx context.Context, id string, from []domain.JobStatus, to domain.JobStatus) (bool, error)
	SetAcceptedQuote(ctx context.Context, id, quoteID string) error
	Assign(ctx context.Context, id, technicianID string) error
	MarkCompleted(ctx context.Context, id string, at time.Time) (bool, error)
}

// QuoteRepository stores quotes.
type QuoteRepository interface {
	InsertIgnore(ctx context.Context, q *domain.Quote) (bool, error)
	Get(ctx context.Context, id string) (*domain.Quote, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Quote, error)
	ByJobAndTechnician(ctx context.Context, jobID, technicianID string) (*domain.Quote, error)
	SetStatus(ctx context.Context, id, status string) error
	DeclineOthers(ctx context.Context, jobID, acceptedID string) error
}

// AppointmentRepository stores visit windows.
type AppointmentRepository interface {
	Upsert(ctx context.Context, a *domain.Appointment) error
	Get(ctx context.Context, jobID string) (*domain.Appointment, error)
	GetForUpdate(ctx context.Context, jobID string) (*domain.Appointment, error)
	Reschedule(ctx context.Context, jobID string, startsAt, endsAt time.Time, version int) error
	RecordChange(ctx context.Context, c *domain.AppointmentChange) error
	DueForReminder(ctx context.Context, from, to time.Time) ([]domain.Appointment, error)
	MarkReminded(ctx context.Context, jobID string, at time.Time) error
}

// MessageRepository stores relayed messages.
type MessageRepository interface {
	Insert(ctx context.Context, m *domain.JobMessage) error
	ListByJob(ctx context.Context, jobID string) ([]domain.JobMessage, error)
}

// JobEventRepository stores technician app status events.
type JobEventRepository interface {
	Insert(ctx context.Context, e *domain.JobStatusEvent) error
}

// ReviewRepository stores reviews.
type ReviewRepository interface {
	InsertIgnore(ctx context.Context, r *domain.Review) (bool, error)
	Get(ctx context.Context, jobID string) (*domain.Review, error)
}

// CustomerRepository stores customers.
type CustomerRepository interface {
	Get(ctx context.Context, id string) (*domain.Customer, error)
	AddCredit(ctx context.Context, id string, cents int64) error
}

// TechnicianRepository stores technicians.
type TechnicianRepository interface {
	Get(ctx context.Context, id string) (*domain.Technician, error)
	ByPhone(ctx context.Context, phone string) (*domain.Technician, error)
	Nearby(ctx context.Context, trade string, lat, lng float64, limit int) ([]domain.Technician, error)
	NextOnCall(ctx context.Context, trade string, exclude []string) (*domain.Technician, error)
	TakeSlot(ctx context.Context, id string) error
	ReleaseSlot(ctx context.Context, id string) error
	AddRating(ctx context.Context, id string, rating int) error
}

// HoldRepository stores deposit holds.
type HoldRepository interface {
	InsertIgnore(ctx context.Context, h *domain.PaymentHold) (bool, error)
	Get(ctx context.Context, id string) (*domain.PaymentHold, error)
	ByJob(ctx context.Context, jobID string) (*domain.PaymentHold, error)
	ByPaymentIntent(ctx context.Context, piID string) (*domain.PaymentHold, error)
	MarkAuthorized(ctx context.Context, id, piID string, expiresAt time.Time) error
	MarkCaptured(ctx context.Context, id string, cents int64) error
	SetStatus(ctx context.Context, id string, from []string, to string) (bool, error)
	AddRefunded(ctx context.Context, id string, cents int64) error
	ListExpired(ctx context.Context, before time.Time, limit int) ([]domain.PaymentHold, error)
}

// RefundRepository stores refunds.
type RefundRepository interface {
	Insert(ctx context.Context, r *domain.Refund) error
	Get(ctx context.Context, id string) (*domain.Refund, error)
	MarkSucceeded(ctx context.Context, id, stripeRefundID string) error
	MarkFailed(ctx context.Context, id string) error
}

// PayoutRepository stores technician payouts.
type PayoutRepository interface {
	Insert(ctx context.Context, p *domain.Payout) error
	Get(ctx context.Context, id string) (*domain.Payout, error)
	MarkPaid(ctx context.Context, id, transferID string, at time.Time) error
}

// LedgerRepository appends ledger lines.
type LedgerRepository interface {
	Append(ctx context.Context, entries ...domain.LedgerEntry) error
}

// InvoiceRepository stores invoices.
type InvoiceRepository interface {
	InsertIgnore(ctx context.Context, inv *domain.Invoice) (bool, error)
	ByJob(ctx context.Context, jobID string) (*domain.Invoice, error)
	SetInsurerRef(ctx context.Context, id, ref string) error
	MarkSent(ctx context.Context, id string, at time.Time) error
}

// OfferRepository stores dispatch offers.
type OfferRepository interface {
	InsertIgnore(ctx context.Context, o *domain.DispatchOffer) (bool, error)
	Get(ctx context.Context, id string) (*domain.DispatchOffer, error)
	ByJob(ctx context.Context, jobID string) ([]domain.DispatchOffer, error)
	ByReplyCode(ctx context.Context, technicianID, code string) (*domain.DispatchOffer, error)
	SetSMSMessage(ctx context.Context, id, messageID string) error
	SetStatus(ctx context.Context, id, status string) error
	ExpireOthers(ctx context.Context, jobID, keepID string) error
}

// AssignmentRepository stores job assignments.
type AssignmentRepository interface {
	InsertIgnore(ctx context.Context, a *domain.Assignment) (bool, error)
	Get(ctx context.Context, jobID string) (*domain.Assignment, error)
}

// EscalationRepository stores on-call escalations.
type EscalationRepository interface {
	InsertIgnore(ctx context.Context, e *domain.Escalation) (bool, error)
	Exists(ctx context.Context, jobID, technicianID string) (bool, error)
	TechniciansFor(ctx context.Context, jobID string) ([]string, error)
}

// LocationRepository stores the latest technician positions.
type LocationRepository interface {
	Upsert(ctx context.Context, l *domain.TechnicianLocation) (bool, error)
}

// ETANoticeRepository stores "nearly there" notices.
type ETANoticeRepository interface {
	Claim(ctx context.Context, n *domain.ETANotice) error
	Get(ctx context.Context, jobID string) (*domain.ETANotice, error)
	MarkSent(ctx context.Context, jobID, messageID string) error
}

// NotificationRepository stores outbound SMS.
type NotificationRepository interface {
	InsertIgnore(ctx context.Context, n *domain.Notification) (bool, error)
	ByClientReference(ctx context.Context, ref string) (*domain.Notification, error)
	MarkSent(ctx context.Context, id, providerMessageID string) error
	UpdateDelivery(ctx context.Context, providerMessageID, status string, errorCode *string) (bool, error)
}

// InboundSMSRepository stores inbound texts.
type InboundSMSRepository interface {
	InsertIgnore(ctx context.Context, m *domain.InboundSMS) (bool, error)
}

// ClaimRepository stores warranty claims.
type ClaimRepository interface {
	Insert(ctx context.Context, c *domain.WarrantyClaim) error
	Get(ctx context.Context, id string) (*domain.WarrantyClaim, error)
	ByInsurerRef(ctx context.Context, ref string) (*domain.WarrantyClaim, error)
	ByJob(ctx context.Context, jobID string) (*domain.WarrantyClaim, error)
	MarkSubmitted(ctx context.Context, id, insurerRef string) error
	SetStatus(ctx context.Context, id, status string) error
	SetApproved(ctx context.Context, id string, cents int64) error
	SetRejected(ctx context.Context, id, reason string) (bool, error)
}

// AuthorizationRepository stores insurer repair authorisations.
type AuthorizationRepository interface {
	Insert(ctx context.Context, a *domain.WarrantyAuthorization) error
}

// IdempotencyRecord is a claimed request key and its stored response.
type IdempotencyRecord struct {
	Scope          string  `db:"scope"`
	Key            string  `db:"key"`
	RequestHash    string  `db:"request_hash"`
	ResourceID     *string `db:"resource_id"`
	ResponseStatus *int    `db:"response_status"`
	ResponseBody   []byte  `db:"response_body"`
}

// IdempotencyRepository stores request idempotency keys.
type IdempotencyRepository interface {
	Claim(ctx context.Context, scope, key, requestHash string) (bool, error)
	Get(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	Complete(ctx context.Context, scope, key, resourceID string, status int, body []byte) error
	Save(ctx context.Context, rec *IdempotencyRecord) error
}

// ProcessedEventRepository remembers webhook events already handled.
type ProcessedEventRepository interface {
	Seen(ctx context.Context, source, eventID string) (bool, error)
	Record(ctx context.Context, source, eventID string) error
}
