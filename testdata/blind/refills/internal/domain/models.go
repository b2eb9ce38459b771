// Package domain holds the persistent model of the refill pipeline.
package domain

import (
	"time"

	"github.com/google/uuid"
)

// Address is a US shipping address. It is embedded with a ship_ prefix on
// patients, refill requests and shipments.
type Address struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
}

// Empty reports whether no street line has been set.
func (a Address) Empty() bool { return a.Line1 == "" }

// Coverage is the patient's pharmacy benefit card.
type Coverage struct {
	BIN      string `gorm:"column:pbm_bin" json:"bin"`
	PCN      string `gorm:"column:pbm_pcn" json:"pcn"`
	Group    string `gorm:"column:pbm_group" json:"group"`
	MemberID string `gorm:"column:pbm_member_id" json:"member_id"`
}

type Patient struct {
	ID                     uuid.UUID `gorm:"type:uuid;primaryKey"`
	PharmacyID             string
	MRN                    string `gorm:"column:mrn"`
	FirstName              string
	LastName               string
	DateOfBirth            time.Time `gorm:"type:date"`
	Email                  string
	Phone                  *string
	StripeCustomerID       *string
	DefaultPaymentMethodID *string
	ShipTo                 Address  `gorm:"embedded;embeddedPrefix:ship_"`
	Coverage               Coverage `gorm:"embedded"`
	CreatedAt              time.Time
	UpdatedAt              time.Time
}

func (Patient) TableName() string { return "patients" }

// FullName is used on labels and in e-mail salutations.
func (p Patient) FullName() string { return p.FirstName + " " + p.LastName }

type Prescription struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	PatientID         uuid.UUID `gorm:"type:uuid"`
	ERxMessageID      string    `gorm:"column:erx_message_id"`
	PrescriberNPI     string    `gorm:"column:prescriber_npi"`
	PrescriberName    string
	NDC               string `gorm:"column:ndc"`
	DrugName          string
	Sig               string
	Quantity          float64
	DaysSupply        int
	RefillsAuthorized int
	FillsUsed         int
	AutoRefill        bool
	LastFilledAt      *time.Time
	WrittenOn         time.Time `gorm:"type:date"`
	ExpiresOn         time.Time `gorm:"type:date"`
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (Prescription) TableName() string { return "prescriptions" }

// RefillsRemaining counts fills left on the prescription. The original fill
// is fill number 0, so a prescription with 3 refills allows 4 fills in all.
func (rx Prescription) RefillsRemaining() int {
	return rx.RefillsAuthorized + 1 - rx.FillsUsed
}

// NextDueOn estimates when the patient runs out, based on the last fill.
func (rx Prescription) NextDueOn() (time.Time, bool) {
	if rx.LastFilledAt == nil {
		return time.Time{}, false
	}
	return rx.LastFilledAt.AddDate(0, 0, rx.DaysSupply).Truncate(24 * time.Hour), true
}

type ReminderPreference struct {
	PrescriptionID uuid.UUID `gorm:"type:uuid;primaryKey"`
	PatientID      uuid.UUID `gorm:"type:uuid"`
	Enabled        bool
	DaysBefore     int
	UpdatedAt      time.Time
}

func (ReminderPreference) TableName() string { return "reminder_preferences" }

type AccountCredit struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	PatientID   uuid.UUID `gorm:"type:uuid"`
	AmountCents int64
	Reason      string
	IssuedBy    string
	CreatedAt   time.Time
}

func (AccountCredit) TableName() string { return "account_credits" }

type RefillRequest struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PrescriptionID uuid.UUID `gorm:"type:uuid"`
	PatientID      uuid.UUID `gorm:"type:uuid"`
	FillNumber     int
	Status         RefillStatus
	Source         RefillSource
	ShipTo         Address `gorm:"embedded;embeddedPrefix:ship_"`
	CancelReason   *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (RefillRequest) TableName() string { return "refill_requests" }

type IdempotencyKey struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	ResourceID   *string
	StatusCode   *int
	ResponseBody []byte
	CreatedAt    time.Time
}

func (IdempotencyKey) TableName() string { return "idempotency_keys" }

type PharmacistVerification struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	RefillID     uuid.UUID `gorm:"type:uuid"`
	PharmacistID string
	Decision     string
	Notes        string
	VerifiedAt   time.Time
}

func (PharmacistVerification) TableName() string { return "pharmacist_verifications" }

type EligibilityCheck struct {
	ID           string    `gorm:"primaryKey"`
	RefillID     uuid.UUID `gorm:"type:uuid"`
	PatientID    uuid.UUID `gorm:"type:uuid"`
	BIN          string    `gorm:"column:bin"`
	PCN          string    `gorm:"column:pcn"`
	GroupID      string
	MemberID     string
	Eligible     bool
	PlanName     string
	CoverageCode string
	RawResponse  []byte `gorm:"type:jsonb"`
	CheckedAt    time.Time
}

func (EligibilityCheck) TableName() string { return "eligibility_checks" }

type Claim struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	RefillID            uuid.UUID `gorm:"type:uuid"`
	ClaimReference      string
	Status              ClaimStatus
	PBMClaimID          *string `gorm:"column:pbm_claim_id"`
	IngredientCostCents int64
	DispensingFeeCents  int64
	CopayCents          int64
	PlanPaidCents       int64
	RejectCodes         string
	SubmittedAt         *time.Time
	AdjudicatedAt       *time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

func (Claim) TableName() string { return "claims" }

type ClaimReversal struct {
	ID                uuid.UUID `gorm:"type:uuid;primaryKey"`
	ClaimID           uuid.UUID `gorm:"type:uuid"`
	ReversalReference string
	PBMStatus         string `gorm:"column:pbm_status"`
	ReversedAt        time.Time
}

func (ClaimReversal) TableName() string { return "claim_reversals" }

type PriorAuthorization struct {
	ID             uuid.UUID  `gorm:"type:uuid;primaryKey"`
	RefillID       uuid.UUID  `gorm:"type:uuid"`
	ClaimID        *uuid.UUID `gorm:"type:uuid"`
	PBMCaseID      string     `gorm:"column:pbm_case_id"`
	Status         string
	DiagnosisCodes string
	SubmittedBy    string
	SubmittedAt    time.Time
}

func (PriorAuthorization) TableName() string { return "prior_authorizations" }

type Payment struct {
	ID                    uuid.UUID `gorm:"type:uuid;primaryKey"`
	RefillID              uuid.UUID `gorm:"type:uuid"`
	PatientID             uuid.UUID `gorm:"type:uuid"`
	Purpose               string
	AmountCents           int64
	RefundedCents         int64
	Currency              string
	Status                PaymentStatus
	StripePaymentIntentID *string
	FailureCode           string
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

func (Payment) TableName() string { return "payments" }

type PaymentAttempt struct {
	ID                    uuid.UUID `gorm:"type:uuid;primaryKey"`
	PaymentID             uuid.UUID `gorm:"type:uuid"`
	ClientKey             string
	PaymentMethodID       string
	StripePaymentIntentID *string
	Status                PaymentStatus
	FailureCode           string
	CreatedAt             time.Time
	UpdatedAt             time.Time
}

func (PaymentAttempt) TableName() string { return "payment_attempts" }

type Refund struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PaymentID      uuid.UUID `gorm:"type:uuid"`
	StripeRefundID *string
	AmountCents    int64
	Reason         string
	CreatedAt      time.Time
}

func (Refund) TableName() string { return "refunds" }

type LedgerEntry struct {
	ID          uuid.UUID  `gorm:"type:uuid;primaryKey"`
	PatientID   uuid.UUID  `gorm:"type:uuid"`
	PaymentID   *uuid.UUID `gorm:"type:uuid"`
	Kind        string
	AmountCents int64
	ExternalRef string
	CreatedAt   time.Time
}

func (LedgerEntry) TableName() string { return "ledger_entries" }

type Dispute struct {
	ID              uuid.UUID  `gorm:"type:uuid;primaryKey"`
	PaymentID       *uuid.UUID `gorm:"type:uuid"`
	StripeDisputeID string
	AmountCents     int64
	Reason          string
	Status          string
	OpenedAt        time.Time
}

func (Dispute) TableName() string { return "disputes" }

type StripeEvent struct {
	EventID     string `gorm:"primaryKey"`
	EventType   string
	ProcessedAt time.Time
}

func (StripeEvent) TableName() string { return "stripe_events" }

type Shipment struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	RefillID       uuid.UUID `gorm:"type:uuid"`
	Carrier        string
	ServiceLevel   string
	Status         ShipmentStatus
	LabelID        *string
	TrackingNumber *string
	LabelURL       string `gorm:"column:label_url"`
	PostageCents   int64
	ShipTo         Address `gorm:"embedded;embeddedPrefix:ship_"`
	ShippedAt      *time.Time
	DeliveredAt    *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (Shipment) TableName() string { return "shipments" }

type TrackingEvent struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	ShipmentID     uuid.UUID `gorm:"type:uuid"`
	Carrier        string
	CarrierEventID string
	Status         string
	Description    string
	OccurredAt     time.Time
	ReceivedAt     time.Time
}

func (TrackingEvent) TableName() string { return "tracking_events" }

type ReshipOrder struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	ShipmentID uuid.UUID `gorm:"type:uuid"`
	RefillID   uuid.UUID `gorm:"type:uuid"`
	Reason     string
	Status     string
	CreatedAt  time.Time
}

func (ReshipOrder) TableName() string { return "reship_orders" }

type CarrierPickup struct {
	ID                 string `gorm:"primaryKey"`
	LocationID         string
	PickupDate         time.Time `gorm:"type:date"`
	ConfirmationNumber string
	PackageCount       int
	CreatedAt          time.Time
}

func (CarrierPickup) TableName() string { return "carrier_pickups" }

type RefillReminder struct {
	ID                string    `gorm:"primaryKey"`
	PrescriptionID    uuid.UUID `gorm:"type:uuid"`
	PatientID         uuid.UUID `gorm:"type:uuid"`
	DueOn             time.Time `gorm:"type:date"`
	Status            string
	ProviderMessageID *string
	SentAt            *time.Time
	CreatedAt         time.Time
}

func (RefillReminder) TableName() string { return "refill_reminders" }

type ReminderScanRun struct {
	ID         string `gorm:"primaryKey"`
	StartedAt  time.Time
	FinishedAt *time.Time
	Candidates int
	Enqueued   int
}

func (ReminderScanRun) TableName() string { return "reminder_scan_runs" }

type Notification struct {
	ID                uuid.UUID  `gorm:"type:uuid;primaryKey"`
	PatientID         uuid.UUID  `gorm:"type:uuid"`
	RefillID          *uuid.UUID `gorm:"type:uuid"`
	Template          string
	DedupKey          string
	ProviderMessageID string
	SentAt            time.Time
}

func (Notification) TableName() string { return "notifications" }

type RemittanceBatch struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PBMBatchID     string    `gorm:"column:pbm_batch_id"`
	PeriodStart    time.Time `gorm:"type:date"`
	PeriodEnd      time.Time `gorm:"type:date"`
	LineCount      int
	TotalPaidCents int64
	Status         string
	ImportedAt     time.Time
}

func (RemittanceBatch) TableName() string { return "remittance_batches" }

type RemittanceLine struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	PBMBatchID     string    `gorm:"column:pbm_batch_id"`
	LineNo         int
	ClaimReference string
	PaidCents      int64
	AdjustmentCode string
}

func (RemittanceLine) TableName() string { return "remittance_lines" }
