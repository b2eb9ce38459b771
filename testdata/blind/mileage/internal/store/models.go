package store

import (
	"encoding/json"
	"time"
)

type memberModel struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	MemberNumber   string
	Email          string
	Phone          *string
	FirstName      string
	LastName       string
	Tier           string
	Balance        int64
	TierMiles      int64
	Status         string
	SMSOptIn       bool `gorm:"column:sms_opt_in"`
	EnrolledAt     time.Time
	LastActivityAt time.Time
	UpdatedAt      time.Time
}

func (memberModel) TableName() string { return "members" }

type ledgerEntryModel struct {
	ID        int64 `gorm:"primaryKey;autoIncrement"`
	MemberID  string
	Kind      string
	Miles     int64
	Source    string
	SourceRef *string
	Memo      string
	ExpiresAt *time.Time
	ExpiredAt *time.Time
	CreatedAt time.Time
}

func (ledgerEntryModel) TableName() string { return "ledger_entries" }

type autoTopUpModel struct {
	MemberID    string `gorm:"primaryKey"`
	Miles       int64
	AmountCents int64
	Currency    string
	CardToken   string
	NextRunAt   time.Time
	Enabled     bool
}

func (autoTopUpModel) TableName() string { return "auto_topups" }

type redemptionModel struct {
	ID            string `gorm:"primaryKey;type:uuid"`
	MemberID      string
	RequestKey    string
	Kind          string
	OfferCode     string
	Origin        *string
	Destination   *string
	FlightDate    *time.Time
	Cabin         string
	Passengers    json.RawMessage `gorm:"type:jsonb"`
	PNR           *string         `gorm:"column:pnr"`
	SegmentRef    *string
	ProviderRef   *string
	Miles         int64
	Status        string
	FailureReason *string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (redemptionModel) TableName() string { return "redemptions" }

type reservationEventModel struct {
	EventID    string `gorm:"primaryKey"`
	PNR        string `gorm:"column:pnr"`
	EventType  string
	ReceivedAt time.Time
}

func (reservationEventModel) TableName() string { return "reservation_events" }

type transferModel struct {
	ID              string `gorm:"primaryKey;type:uuid"`
	MemberID        string
	ClientKey       string
	PartnerCode     string
	PartnerMemberID string
	Miles           int64
	PartnerPoints   int64
	Status          string
	PartnerTxnRef   *string
	ReversalRef     *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (transferModel) TableName() string { return "mile_transfers" }

type purchaseModel struct {
	ID             string `gorm:"primaryKey;type:uuid"`
	MemberID       string
	IdempotencyKey string
	Source         string
	Miles          int64
	AmountCents    int64
	Currency       string
	CardToken      string
	Status         string
	ChargeID       *string
	RefundedMiles  int64
	RefundedCents  int64
	FailureCode    *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (purchaseModel) TableName() string { return "mile_purchases" }

type gatewayEventModel struct {
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ChargeID   *string
	Payload    json.RawMessage `gorm:"type:jsonb"`
	ReceivedAt time.Time
}

func (gatewayEventModel) TableName() string { return "gateway_events" }

type partnerAccrualModel struct {
	ID           int64 `gorm:"primaryKey;autoIncrement"`
	PartnerCode  string
	PartnerTxnID string
	MemberID     string
	Category     string
	BaseMiles    int64
	BonusMiles   int64
	ActivityDate time.Time
	ReceivedAt   time.Time `gorm:"autoCreateTime"`
}

func (partnerAccrualModel) TableName() string { return "partner_accruals" }

type rentalAccrualModel struct {
	ID              string `gorm:"primaryKey;type:uuid"`
	MemberID        string
	RentalCompany   string
	AgreementNumber string
	RentalDays      int
	Miles           int64
	PickupDate      time.Time
	CreatedAt       time.Time
}

func (rentalAccrualModel) TableName() string { return "rental_accruals" }

type flightCreditModel struct {
	ID               int64 `gorm:"primaryKey;autoIncrement"`
	MemberID         string
	TicketNumber     string
	CouponNumber     int
	MarketingCarrier string
	FlightNumber     string
	FlightDate       time.Time
	FareClass        string
	Miles            int64
	TierMiles        int64
	CreatedAt        time.Time
}

func (flightCreditModel) TableName() string { return "flight_credits" }

type retroClaimModel struct {
	ID           string `gorm:"primaryKey"`
	MemberID     string
	TicketNumber string
	FlightNumber string
	FlightDate   time.Time
	Status       string
	CreatedAt    time.Time
}

func (retroClaimModel) TableName() string { return "retro_claims" }

type notificationModel struct {
	ID                int64 `gorm:"primaryKey;autoIncrement"`
	MemberID          string
	DedupKey          string
	Template          string
	Phone             string
	Status            string
	ProviderMessageID *string
	CreatedAt         time.Time
	SentAt            *time.Time
}

func (notificationModel) TableName() string { return "notifications" }

type tierChangeModel struct {
	ID             int64 `gorm:"primaryKey;autoIncrement"`
	MemberID       string
	FromTier       string
	ToTier         string
	QualifyingYear int
	TierMiles      int64
	CreatedAt      time.Time
}

func (tierChangeModel) TableName() string { return "tier_changes" }

type voucherModel struct {
	ID          string `gorm:"primaryKey;type:uuid"`
	MemberID    string
	Code        string
	VoucherType string
	Miles       int64
	Status      string
	ValidUntil  time.Time
	CreatedAt   time.Time
}

func (voucherModel) TableName() string { return "upgrade_vouchers" }

type idempotencyKeyModel struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	MemberID     *string
	StatusCode   *int
	ResponseBody json.RawMessage `gorm:"type:jsonb"`
	CreatedAt    time.Time
	CompletedAt  *time.Time
}

func (idempotencyKeyModel) TableName() string { return "idempotency_keys" }

type processedMessageModel struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (processedMessageModel) TableName() string { return "processed_messages" }

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
