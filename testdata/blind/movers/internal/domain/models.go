// Package domain holds the persistent models shared by repositories and
// services. Table names follow the migrations in /migrations.
package domain

import (
	"time"

	"github.com/google/uuid"
)

type Customer struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	FullName    string
	Email       string
	Phone       string
	CardToken   *string
	CreditCents int64
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

type CreditLedgerEntry struct {
	ID         int64 `gorm:"primaryKey"`
	CustomerID uuid.UUID
	BookingID  *uuid.UUID
	DeltaCents int64
	Reason     string
	CreatedAt  time.Time
}

func (CreditLedgerEntry) TableName() string { return "credit_ledger" }

type Quote struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID    uuid.UUID
	OriginAddress string
	DestAddress   string
	MoveDate      time.Time `gorm:"type:date"`
	Bedrooms      int
	CrewSize      int
	EstHours      float64
	EstTotalCents int64
	DepositCents  int64
	Status        QuoteStatus
	ExpiresAt     time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

type IdempotencyKey struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	ResourceID   *string
	ResponseCode *int
	ResponseBody []byte `gorm:"type:jsonb"`
	CreatedAt    time.Time
}

type Booking struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	QuoteID            uuid.UUID
	CustomerID         uuid.UUID
	MoveDate           time.Time `gorm:"type:date"`
	OriginAddress      string
	DestAddress        string
	CrewSize           int
	EstTotalCents      int64
	DepositCents       int64
	Status             BookingStatus
	ConfirmationSentAt *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

type BookingChange struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	BookingID uuid.UUID
	Kind      string
	OldValue  string
	NewValue  string
	FeeCents  int64
	CreatedAt time.Time
}

type CrewMember struct {
	ID       int64 `gorm:"primaryKey"`
	FullName string
	Phone    string
	Role     string
	Active   bool
}

type CrewAssignment struct {
	BookingID    uuid.UUID `gorm:"type:uuid;primaryKey"`
	CrewMemberID int64     `gorm:"primaryKey"`
	Role         string
	AssignedAt   time.Time
}

type CrewSlot struct {
	ID           int64 `gorm:"primaryKey"`
	CrewMemberID int64
	BookingID    uuid.UUID
	SlotDate     time.Time `gorm:"type:date"`
}

type Survey struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID  uuid.UUID
	Address     string
	ScheduledAt time.Time
	Kind        string
	Status      string
	CreatedAt   time.Time
}

type SurveyReminder struct {
	SurveyID   uuid.UUID `gorm:"type:uuid;primaryKey"`
	Reminder   string    `gorm:"primaryKey"`
	Status     string
	ProviderID *string
	SentAt     *time.Time
}

type TruckReservation struct {
	ID                   uuid.UUID `gorm:"type:uuid;primaryKey"`
	BookingID            uuid.UUID
	PartnerReservationID string
	ReservationRef       string
	TruckClass           string
	PickupAt             time.Time
	ReturnAt             time.Time
	Days                 int
	Status               string
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

type TruckAssignment struct {
	PartnerReservationID string `gorm:"primaryKey"`
	TruckUnit            string
	Plate                string
	Depot                string
	AssignedAt           time.Time
}

type TruckExtension struct {
	ID                 int64 `gorm:"primaryKey"`
	ReservationID      uuid.UUID
	PartnerExtensionID *string
	ExtraDays          int
	CreatedAt          time.Time
}

type MileageRecord struct {
	ID                   int64 `gorm:"primaryKey"`
	PartnerReservationID string
	OdometerOut          int
	OdometerIn           int
	FuelLevel            string
	ReturnedAt           time.Time
}

type OverageCharge struct {
	ID                   uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartnerReservationID string
	FleetEventID         string
	AmountCents          int64
	ProviderChargeID     *string
	CreatedAt            time.Time
}

type PaymentIntent struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	BookingID        uuid.UUID
	Purpose          PaymentPurpose
	AmountCents      int64
	Currency         string
	Status           PaymentStatus
	ProviderChargeID *string
	RefundedCents    int64
	ProviderRefundID *string
	FailureReason    *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

type Invoice struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	BookingID           uuid.UUID
	CustomerID          uuid.UUID
	SubtotalCents       int64
	DepositAppliedCents int64
	TotalDueCents       int64
	Status              InvoiceStatus
	SentAt              *time.Time
	PaidAt              *time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time
	Lines               []InvoiceLine `gorm:"foreignKey:InvoiceID"`
}

type InvoiceLine struct {
	ID          int64 `gorm:"primaryKey"`
	InvoiceID   uuid.UUID
	Description string
	AmountCents int64
}

type InvoicePayment struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID        uuid.UUID
	AmountCents      int64
	Status           PaymentStatus
	ProviderChargeID *string
	FailureReason    *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

type ProcessedEvent struct {
	Source      string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

type StorageLot struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	BookingID        uuid.UUID
	Warehouse        string
	Vaults           int
	MonthlyRateCents int64
	Status           string
	StartedOn        time.Time  `gorm:"type:date"`
	ReleasedOn       *time.Time `gorm:"type:date"`
	CreatedAt        time.Time
}

type StorageCharge struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	LotID            uuid.UUID
	Period           string
	AmountCents      int64
	Status           PaymentStatus
	ProviderChargeID *string
	CreatedAt        time.Time
}

type Claim struct {
	ID                  string `gorm:"primaryKey"`
	BookingID           uuid.UUID
	Source              string
	ItemDescription     string
	AmountClaimedCents  int64
	AmountApprovedCents *int64
	Status              ClaimStatus
	Adjuster            *string
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

type ClaimPayout struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	ClaimID          string
	TaskID           string
	AmountCents      int64
	ProviderPayoutID *string
	CreatedAt        time.Time
}

type Notification struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	BookingID         *uuid.UUID
	Channel           Channel
	Template          string
	Recipient         string
	Subject           *string
	Body              string
	DedupKey          string
	Status            NotificationStatus
	ProviderMessageID *string
	Attempts          int
	CreatedAt         time.Time
	SentAt            *time.Time
}

type BookingMessage struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	BookingID         uuid.UUID
	ClientMessageID   string
	Author            string
	Body              string
	Status            NotificationStatus
	ProviderMessageID *string
	CreatedAt         time.Time
}

type SmsReceipt struct {
	ProviderEventID   string `gorm:"primaryKey"`
	ProviderMessageID string
	Status            string
	ErrorCode         *string
	ReceivedAt        time.Time
}
