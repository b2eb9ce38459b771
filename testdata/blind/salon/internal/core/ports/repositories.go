package ports

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
)

type AppointmentRepository interface {
	Insert(ctx context.Context, q Querier, a *domain.Appointment) error
	Get(ctx context.Context, q Querier, id uuid.UUID) (*domain.Appointment, error)
	GetForUpdate(ctx context.Context, q Querier, id uuid.UUID) (*domain.Appointment, error)
	UpdateStatus(ctx context.Context, q Querier, id uuid.UUID, from []domain.AppointmentStatus, to domain.AppointmentStatus) (bool, error)
	Reschedule(ctx context.Context, q Querier, id uuid.UUID, startsAt, endsAt time.Time) error
	MarkCancelled(ctx context.Context, q Querier, id uuid.UUID, reason string, at time.Time) (bool, error)
	MarkCompleted(ctx context.Context, q Querier, id uuid.UUID, at time.Time) (bool, error)
	MarkCommissionAccrued(ctx context.Context, q Querier, id uuid.UUID, at time.Time) error
	MarkSettled(ctx context.Context, q Querier, id uuid.UUID, at time.Time) error
	NextForClient(ctx context.Context, q Querier, clientID uuid.UUID, after time.Time) (*domain.Appointment, error)
	StartingBetween(ctx context.Context, q Querier, from, to time.Time) ([]domain.Appointment, error)
}

type CatalogRepository interface {
	GetService(ctx context.Context, q Querier, id uuid.UUID) (*domain.SalonService, error)
	GetStylist(ctx context.Context, q Querier, id uuid.UUID) (*domain.Stylist, error)
	FreelanceStylists(ctx context.Context, q Querier) ([]domain.Stylist, error)
	SalonSender(ctx context.Context, q Querier, salonID uuid.UUID) (string, error)
}

type ClientRepository interface {
	InsertIfAbsent(ctx context.Context, q Querier, c *domain.Client) (bool, error)
	Get(ctx context.Context, q Querier, id uuid.UUID) (*domain.Client, error)
	GetByEmail(ctx context.Context, q Querier, email string) (*domain.Client, error)
	GetByPhone(ctx context.Context, q Querier, phone string) (*domain.Client, error)
}

type PaymentRepository interface {
	Insert(ctx context.Context, q Querier, p *domain.Payment) error
	InsertIfAbsent(ctx context.Context, q Querier, p *domain.Payment) (*domain.Payment, error)
	Get(ctx context.Context, q Querier, id uuid.UUID) (*domain.Payment, error)
	ForAppointment(ctx context.Context, q Querier, appointmentID uuid.UUID, purpose domain.PaymentPurpose) (*domain.Payment, error)
	SetResult(ctx context.Context, q Querier, id uuid.UUID, res domain.ChargeResult) error
	SetStatus(ctx context.Context, q Querier, id uuid.UUID, status domain.PaymentStatus) error
	PendingOlderThan(ctx context.Context, q Querier, age time.Duration, limit int) ([]domain.Payment, error)
	InsertRefund(ctx context.Context, q Querier, r *domain.Refund) error
	UpsertDispute(ctx context.Context, q Querier, d *domain.Dispute) error
}

type VoucherRepository interface {
	Insert(ctx context.Context, q Querier, v *domain.GiftVoucher) error
	Get(ctx context.Context, q Querier, id uuid.UUID) (*domain.GiftVoucher, error)
	GetByCode(ctx context.Context, q Querier, code string) (*domain.GiftVoucher, error)
	Debit(ctx context.Context, q Querier, id uuid.UUID, amount domain.Cents) (domain.Cents, error)
	InsertRedemption(ctx context.Context, q Querier, r *domain.VoucherRedemption) error
	MarkDelivered(ctx context.Context, q Querier, id uuid.UUID, at time.Time) error
}

type LoyaltyRepository interface {
	Account(ctx context.Context, q Querier, clientID uuid.UUID) (*domain.LoyaltyAccount, error)
	InsertEntry(ctx context.Context, q Querier, e *domain.LedgerEntry) error
	InsertEntryIfAbsent(ctx context.Context, q Querier, e *domain.LedgerEntry) (bool, error)
	Apply(ctx context.Context, q Querier, clientID uuid.UUID, delta int64) (*domain.LoyaltyAccount, error)
	ExpirableBalance(ctx context.Context, q Querier, clientID uuid.UUID, before time.Time) (int64, error)
	ClientsWithPoints(ctx context.Context, q Querier) ([]uuid.UUID, error)
}

type WaitlistRepository interface {
	Insert(ctx context.Context, q Querier, e *domain.WaitlistEntry) error
	FirstWaiting(ctx context.Context, q Querier, salonID, serviceID uuid.UUID, date time.Time) (*domain.WaitlistEntry, error)
	MarkOffered(ctx context.Context, q Querier, id, appointmentID uuid.UUID) error
}

type MessageRepository interface {
	Claim(ctx context.Context, q Querier, m *domain.Message) (*domain.Message, error)
	Get(ctx context.Context, q Querier, id uuid.UUID) (*domain.Message, error)
	MarkSent(ctx context.Context, q Querier, id uuid.UUID, providerMessageID string, at time.Time) error
	MarkSuppressed(ctx context.Context, q Querier, id uuid.UUID) error
	ApplyReceipt(ctx context.Context, q Querier, r *domain.DeliveryReceipt) error
	InsertReceipt(ctx context.Context, q Querier, r *domain.DeliveryReceipt) error
	OptOut(ctx context.Context, q Querier, phone, keyword string) error
	IsOptedOut(ctx context.Context, q Querier, phone string) (bool, error)
}

type PayoutRepository interface {
	Insert(ctx context.Context, q Querier, p *domain.Payout) error
	ClaimWeekly(ctx context.Context, q Querier, p *domain.Payout) (*domain.Payout, error)
	MarkPaid(ctx context.Context, q Querier, id uuid.UUID, transferID string, fee domain.Cents) error
	MarkFailed(ctx context.Context, q Querier, id uuid.UUID) error
	UnpaidCommission(ctx context.Context, q Querier, stylistID uuid.UUID, before time.Time) (domain.Cents, error)
	AttachCommission(ctx context.Context, q Querier, stylistID, payoutID uuid.UUID, before time.Time) error
	InsertCommission(ctx context.Context, q Querier, e *domain.CommissionEntry) (bool, error)
	Balance(ctx context.Context, q Querier, stylistID uuid.UUID) (*domain.StylistBalance, error)
	AddPending(ctx context.Context, q Querier, stylistID uuid.UUID, amount domain.Cents) error
}

// IdempotencyRecord is a stored API response for a client Idempotency-Key.
type IdempotencyRecord struct {
	Scope        string          `db:"scope"`
	Key          string          `db:"key"`
	RequestHash  string          `db:"request_hash"`
	ResourceID   *string         `db:"resource_id"`
	ResponseCode *int            `db:"response_code"`
	ResponseBody json.RawMessage `db:"response_body"`
	CreatedAt    time.Time       `db:"created_at"`
}

// Completed reports whether a response was stored for the key.
func (r *IdempotencyRecord) Completed() bool { return r.ResponseCode != nil }

type IdempotencyStore interface {
	// Claim inserts the key; it returns (nil, true) if this call owns it, or
	// the existing record and false otherwise.
	Claim(ctx context.Context, q Querier, scope, key, requestHash string) (*IdempotencyRecord, bool, error)
	Lookup(ctx context.Context, q Querier, scope, key string) (*IdempotencyRecord, error)
	SetResource(ctx context.Context, q Querier, scope, key, resourceID string) error
	Complete(ctx context.Context, q Querier, scope, key string, code int, body any) error
}

type InboxStore interface {
	// ClaimWebhook records a provider event; false if it was seen before.
	ClaimWebhook(ctx context.Context, q Querier, provider, eventID, eventType string) (bool, error)
	// ClaimMessage records a consumed message; false if it was seen before.
	ClaimMessage(ctx context.Context, q Querier, consumer, messageID string) (bool, error)
	Processed(ctx context.Context, q Querier, consumer, messageID string) (bool, error)
}
