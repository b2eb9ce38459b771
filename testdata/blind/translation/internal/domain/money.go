package domain

import (
	"time"

	"github.com/google/uuid"
)

// Escrow payment statuses.
const (
	PaymentPending    = "pending"
	PaymentAuthorized = "authorized"
	PaymentCaptured   = "captured"
	PaymentRefunded   = "refunded"
	PaymentFailed     = "failed"
)

// EscrowPayment is the client's money held against an accepted quote.
type EscrowPayment struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	JobID            string
	QuoteID          string
	ClientID         uuid.UUID `gorm:"type:uuid"`
	AmountCents      int64
	Currency         string
	Status           string
	OperationKey     string
	ProviderIntentID string
	CapturedAt       *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Refund is money returned to a client from an escrow payment.
type Refund struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	PaymentID        uuid.UUID `gorm:"type:uuid"`
	JobID            string
	AmountCents      int64
	Reason           string
	Status           string
	ProviderRefundID string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Tip is an extra amount a client gives a translator after delivery.
type Tip struct {
	ID               string `gorm:"primaryKey"`
	JobID            string
	ClientID         uuid.UUID `gorm:"type:uuid"`
	TranslatorID     uuid.UUID `gorm:"type:uuid"`
	AmountCents      int64
	Currency         string
	ProviderChargeID string
	CreatedAt        time.Time
}

// TranslatorBalance is money owed to a translator and not yet paid out.
type TranslatorBalance struct {
	TranslatorID   uuid.UUID `gorm:"type:uuid;primaryKey"`
	AvailableCents int64
	PendingCents   int64
	Currency       string
	UpdatedAt      time.Time
}

// PayoutAccount is a translator's bank destination at the payouts provider.
type PayoutAccount struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	TranslatorID        uuid.UUID `gorm:"type:uuid"`
	HolderName          string
	IBANLast4           string
	IBANHash            string
	Country             string
	Currency            string
	ProviderRecipientID string
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

// Payout statuses.
const (
	PayoutQueued   = "queued"
	PayoutSent     = "sent"
	PayoutPaid     = "paid"
	PayoutFailed   = "failed"
	PayoutReturned = "returned"
)

// Payout is a transfer of a translator's balance to their bank account.
type Payout struct {
	ID                 string    `gorm:"primaryKey"`
	TranslatorID       uuid.UUID `gorm:"type:uuid"`
	BatchKey           *string
	AmountCents        int64
	Currency           string
	Status             string
	ProviderTransferID *string
	FailureReason      string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// PayoutFailure records why the provider rejected a transfer.
type PayoutFailure struct {
	TransferID string `gorm:"primaryKey"`
	PayoutID   string
	Code       string
	Reason     string
	FailedAt   time.Time
}

// Invoice is the client-facing bill for a finished job.
type Invoice struct {
	ID         string `gorm:"primaryKey"`
	JobID      string
	ClientID   uuid.UUID `gorm:"type:uuid"`
	Number     string
	NetCents   int64
	VATCents   int64
	TotalCents int64
	Currency   string
	PDFKey     string
	Status     string
	IssuedAt   time.Time
	SentAt     *time.Time
	CreatedAt  time.Time
}

// InvoiceSequence hands out gap-free invoice numbers per year.
type InvoiceSequence struct {
	Year      int `gorm:"primaryKey"`
	NextValue int64
}
