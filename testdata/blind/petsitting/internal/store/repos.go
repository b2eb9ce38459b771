package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// BookingRepo reads and transitions bookings.
type BookingRepo struct{ Base[Booking] }

func NewBookingRepo(pool *pgxpool.Pool) *BookingRepo {
	return &BookingRepo{NewBase[Booking](pool)}
}

func (r *BookingRepo) Get(ctx context.Context, id uuid.UUID) (Booking, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (Booking, error) { return q.GetBooking(ctx, id) })
}

func (r *BookingRepo) GetByAccessCode(ctx context.Context, codeID string) (Booking, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (Booking, error) { return q.GetBookingByAccessCode(ctx, codeID) })
}

func (r *BookingRepo) Create(ctx context.Context, p CreateBookingParams) (Booking, error) {
	return r.Q(ctx).CreateBooking(ctx, p)
}

func (r *BookingRepo) Accept(ctx context.Context, id uuid.UUID, codeID, code *string) (bool, error) {
	n, err := r.Q(ctx).AcceptBooking(ctx, id, codeID, code)
	return n == 1, err
}

func (r *BookingRepo) Cancel(ctx context.Context, id uuid.UUID, reason string) (bool, error) {
	n, err := r.Q(ctx).CancelBooking(ctx, id, reason)
	return n == 1, err
}

func (r *BookingRepo) Complete(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := r.Q(ctx).CompleteBooking(ctx, id)
	return n == 1, err
}

func (r *BookingRepo) DueReminder(ctx context.Context, from, to time.Time, limit int32) ([]Booking, error) {
	return r.Many(ctx, func(ctx context.Context, q *Queries) ([]Booking, error) {
		return q.ListBookingsDueReminder(ctx, from, to, limit)
	})
}

func (r *BookingRepo) MarkRemindersQueued(ctx context.Context, ids []uuid.UUID) error {
	return r.Q(ctx).MarkRemindersQueued(ctx, ids)
}

func (r *BookingRepo) SetKeyFirstUsed(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := r.Q(ctx).SetKeyFirstUsed(ctx, id, at)
	return n == 1, err
}

func (r *BookingRepo) Contact(ctx context.Context, id uuid.UUID) (BookingContact, error) {
	return NewBase[BookingContact](r.Pool()).One(ctx, func(ctx context.Context, q *Queries) (BookingContact, error) {
		return q.GetBookingContact(ctx, id)
	})
}

func (r *BookingRepo) Owner(ctx context.Context, id uuid.UUID) (Owner, error) {
	return NewBase[Owner](r.Pool()).One(ctx, func(ctx context.Context, q *Queries) (Owner, error) { return q.GetOwner(ctx, id) })
}

func (r *BookingRepo) Sitter(ctx context.Context, id uuid.UUID) (Sitter, error) {
	return NewBase[Sitter](r.Pool()).One(ctx, func(ctx context.Context, q *Queries) (Sitter, error) { return q.GetSitter(ctx, id) })
}

func (r *BookingRepo) PetBelongsToOwner(ctx context.Context, petID, ownerID uuid.UUID) (bool, error) {
	return r.Q(ctx).PetBelongsToOwner(ctx, petID, ownerID)
}

// DepositRepo tracks the authorisation held against each booking.
type DepositRepo struct{ Base[Deposit] }

func NewDepositRepo(pool *pgxpool.Pool) *DepositRepo { return &DepositRepo{NewBase[Deposit](pool)} }

func (r *DepositRepo) Get(ctx context.Context, bookingID uuid.UUID) (Deposit, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (Deposit, error) { return q.GetDeposit(ctx, bookingID) })
}

func (r *DepositRepo) GetByIntent(ctx context.Context, piID string) (Deposit, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (Deposit, error) { return q.GetDepositByIntent(ctx, piID) })
}

func (r *DepositRepo) Save(ctx context.Context, p UpsertDepositParams) (Deposit, error) {
	return r.Q(ctx).UpsertDeposit(ctx, p)
}

func (r *DepositRepo) MarkHeld(ctx context.Context, piID string) (bool, error) {
	n, err := r.Q(ctx).MarkDepositHeld(ctx, piID)
	return n == 1, err
}

func (r *DepositRepo) MarkCaptured(ctx context.Context, bookingID uuid.UUID) (bool, error) {
	n, err := r.Q(ctx).MarkDepositCaptured(ctx, bookingID)
	return n == 1, err
}

func (r *DepositRepo) MarkCapturedByIntent(ctx context.Context, piID string) (uuid.UUID, error) {
	id, err := r.One(ctx, func(ctx context.Context, q *Queries) (Deposit, error) {
		bid, err := q.MarkDepositCapturedByIntent(ctx, piID)
		return Deposit{BookingID: bid}, err
	})
	return id.BookingID, err
}

func (r *DepositRepo) MarkReleased(ctx context.Context, bookingID uuid.UUID) (bool, error) {
	n, err := r.Q(ctx).MarkDepositReleased(ctx, bookingID)
	return n == 1, err
}

// RefundRepo stores refunds owed to owners.
type RefundRepo struct{ Base[Refund] }

func NewRefundRepo(pool *pgxpool.Pool) *RefundRepo { return &RefundRepo{NewBase[Refund](pool)} }

func (r *RefundRepo) Create(ctx context.Context, bookingID uuid.UUID, amount int64, reason string) (Refund, error) {
	return r.Q(ctx).CreateRefund(ctx, uuid.New(), bookingID, amount, reason)
}

func (r *RefundRepo) Get(ctx context.Context, id uuid.UUID) (Refund, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (Refund, error) { return q.GetRefund(ctx, id) })
}

func (r *RefundRepo) Complete(ctx context.Context, id uuid.UUID, stripeRefundID *string) (bool, error) {
	n, err := r.Q(ctx).CompleteRefund(ctx, id, stripeRefundID)
	return n == 1, err
}

// TipRepo stores owner tips keyed by the client's request key.
type TipRepo struct{ Base[Tip] }

func NewTipRepo(pool *pgxpool.Pool) *TipRepo { return &TipRepo{NewBase[Tip](pool)} }

func (r *TipRepo) Claim(ctx context.Context, bookingID uuid.UUID, requestKey string, amount int64) (Tip, bool, error) {
	return r.Q(ctx).ClaimTip(ctx, uuid.New(), bookingID, requestKey, amount)
}

func (r *TipRepo) MarkSucceeded(ctx context.Context, id uuid.UUID, piID string) (bool, error) {
	n, err := r.Q(ctx).MarkTipSucceeded(ctx, id, piID)
	return n == 1, err
}

// LedgerRepo covers sitter earnings and the payouts that settle them.
type LedgerRepo struct{ Base[Payout] }

func NewLedgerRepo(pool *pgxpool.Pool) *LedgerRepo { return &LedgerRepo{NewBase[Payout](pool)} }

func (r *LedgerRepo) AddEarning(ctx context.Context, e Earning) error {
	return r.Q(ctx).AddEarning(ctx, e)
}

func (r *LedgerRepo) UnsettledBalances(ctx context.Context, before time.Time) ([]SitterBalance, error) {
	return r.Q(ctx).UnsettledBalances(ctx, before)
}

func (r *LedgerRepo) SettleEarnings(ctx context.Context, sitterID uuid.UUID, payoutID string, before time.Time) (int64, error) {
	return r.Q(ctx).SettleEarnings(ctx, sitterID, payoutID, before)
}

func (r *LedgerRepo) CreatePayout(ctx context.Context, p CreatePayoutParams) (Payout, error) {
	return r.Q(ctx).CreatePayout(ctx, p)
}

func (r *LedgerRepo) GetPayout(ctx context.Context, id string) (Payout, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (Payout, error) { return q.GetPayout(ctx, id) })
}

func (r *LedgerRepo) MarkPayoutPaid(ctx context.Context, id, transferID string) (bool, error) {
	n, err := r.Q(ctx).MarkPayoutPaid(ctx, id, transferID)
	return n == 1, err
}

// StripeEventRepo remembers which webhook events have been handled.
type StripeEventRepo struct{ Base[bool] }

func NewStripeEventRepo(pool *pgxpool.Pool) *StripeEventRepo {
	return &StripeEventRepo{NewBase[bool](pool)}
}

func (r *StripeEventRepo) Processed(ctx context.Context, eventID string) (bool, error) {
	return r.Q(ctx).StripeEventProcessed(ctx, eventID)
}

func (r *StripeEventRepo) Record(ctx context.Context, eventID, eventType string) error {
	return r.Q(ctx).RecordStripeEvent(ctx, eventID, eventType)
}

// CheckinRepo stores check-ins posted by the sitter app during a walk.
type CheckinRepo struct{ Base[Checkin] }

func NewCheckinRepo(pool *pgxpool.Pool) *CheckinRepo { return &CheckinRepo{NewBase[Checkin](pool)} }

type NewCheckin struct {
	BookingID     uuid.UUID
	SitterID      uuid.UUID
	Kind          string
	Lat, Lng      float64
	RecordedAt    time.Time
	ClientEventID string
	Note          string
}

func (r *CheckinRepo) Add(ctx context.Context, c NewCheckin) (Checkin, error) {
	return r.Q(ctx).InsertCheckin(ctx, InsertCheckinParams{
		ID:            uuid.New(),
		BookingID:     c.BookingID,
		SitterID:      c.SitterID,
		Kind:          c.Kind,
		Lat:           c.Lat,
		Lng:           c.Lng,
		RecordedAt:    c.RecordedAt,
		ClientEventID: nullable(c.ClientEventID),
		Note:          nullable(c.Note),
	})
}

func (r *CheckinRepo) List(ctx context.Context, bookingID uuid.UUID) ([]Checkin, error) {
	return r.Many(ctx, func(ctx context.Context, q *Queries) ([]Checkin, error) { return q.ListCheckins(ctx, bookingID) })
}

// ReviewRepo stores the single review an owner leaves per booking.
type ReviewRepo struct{ Base[Review] }

func NewReviewRepo(pool *pgxpool.Pool) *ReviewRepo { return &ReviewRepo{NewBase[Review](pool)} }

func (r *ReviewRepo) Insert(ctx context.Context, p InsertReviewParams) error {
	return r.Q(ctx).InsertReview(ctx, p)
}

func (r *ReviewRepo) Get(ctx context.Context, bookingID uuid.UUID) (Review, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (Review, error) { return q.GetReview(ctx, bookingID) })
}

func (r *ReviewRepo) AddSitterRating(ctx context.Context, sitterID uuid.UUID, stars int16) error {
	return r.Q(ctx).AddSitterRating(ctx, sitterID, stars)
}

// SMSRepo records outbound attempts, provider receipts and opt-outs.
type SMSRepo struct{ Base[SMSAttempt] }

func NewSMSRepo(pool *pgxpool.Pool) *SMSRepo { return &SMSRepo{NewBase[SMSAttempt](pool)} }

func (r *SMSRepo) LogAttempt(ctx context.Context, a SMSAttempt) error {
	if a.ID == uuid.Nil {
		a.ID = uuid.New()
	}
	return r.Q(ctx).InsertSMSAttempt(ctx, a)
}

func (r *SMSRepo) AddReceipt(ctx context.Context, rc SMSReceipt) error {
	return r.Q(ctx).InsertSMSReceipt(ctx, rc)
}

func (r *SMSRepo) SetAttemptStatus(ctx context.Context, providerMessageID, status string) error {
	return r.Q(ctx).UpdateSMSAttemptStatus(ctx, providerMessageID, status)
}

func (r *SMSRepo) OptOut(ctx context.Context, phone, keyword string) error {
	return r.Q(ctx).AddOptOut(ctx, phone, keyword)
}

func (r *SMSRepo) OptIn(ctx context.Context, phone string) error {
	return r.Q(ctx).RemoveOptOut(ctx, phone)
}

func (r *SMSRepo) OptedOut(ctx context.Context, phone string) (bool, error) {
	return r.Q(ctx).IsOptedOut(ctx, phone)
}

// PartnerRepo covers partner webhook bookkeeping (lockbox today).
type PartnerRepo struct{ Base[struct{}] }

func NewPartnerRepo(pool *pgxpool.Pool) *PartnerRepo { return &PartnerRepo{NewBase[struct{}](pool)} }

func (r *PartnerRepo) ClaimEvent(ctx context.Context, provider, eventID string) (bool, error) {
	return r.Q(ctx).ClaimPartnerEvent(ctx, provider, eventID)
}

func (r *PartnerRepo) AppendAccessCodeUse(ctx context.Context, bookingID uuid.UUID, lockID string, at time.Time) error {
	return r.Q(ctx).AppendAccessCodeUse(ctx, bookingID, lockID, at)
}

// ResponseRepo keeps replayable API responses keyed by Idempotency-Key.
type ResponseRepo struct{ Base[StoredResponse] }

func NewResponseRepo(pool *pgxpool.Pool) *ResponseRepo {
	return &ResponseRepo{NewBase[StoredResponse](pool)}
}

func (r *ResponseRepo) Lookup(ctx context.Context, accountID uuid.UUID, key, method, path string) (StoredResponse, error) {
	return r.One(ctx, func(ctx context.Context, q *Queries) (StoredResponse, error) {
		return q.GetStoredResponse(ctx, accountID, key, method, path)
	})
}

func (r *ResponseRepo) Save(ctx context.Context, accountID uuid.UUID, key, method, path string, resp StoredResponse) error {
	return r.Q(ctx).SaveStoredResponse(ctx, accountID, key, method, path, resp)
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
