package domain

import (
	"time"

	"github.com/segmentio/ksuid"
	"gorm.io/gorm"
)

// Status values stored in the status columns.
const (
	MemberActive = "active"

	ReservationHeld      = "held"
	ReservationConfirmed = "confirmed"
	ReservationShipped   = "shipped"
	ReservationCancelled = "cancelled"
	ReservationExpired   = "expired"

	LoanPending  = "pending"
	LoanOut      = "out"
	LoanReturned = "returned"

	LotReceived = "received"
	LotTesting  = "testing"
	LotTested   = "tested"
	LotRetest   = "retest"
	LotAccepted = "accepted"
	LotRejected = "rejected"

	InvoiceOpen    = "open"
	InvoicePending = "pending"
	InvoicePaid    = "paid"
	InvoiceFailed  = "failed"

	ShipmentRequested = "requested"
	ShipmentBooked    = "booked"
	ShipmentInTransit = "in_transit"
	ShipmentDelivered = "delivered"
)

// Member is a person who borrows seed and pays yearly dues.
type Member struct {
	ID                         string `gorm:"primaryKey"`
	Email, Name, Status        string
	AddressLine1, AddressLine2 string
	City, Postcode, Country    string
	PaidThrough                *time.Time
	PacketsBorrowed            int
	PaymentCustomer            string
	CreatedAt, UpdatedAt       time.Time
}

func (Member) TableName() string { return "members" }

// Packet is the stock of one variety for one season.
type Packet struct {
	ID                                string `gorm:"primaryKey"`
	VarietyID, Season                 string
	SeedsPerPacket, QuantityAvailable int
	UpdatedAt                         time.Time
}

func (Packet) TableName() string { return "packets" }

// Reservation holds packets for a member until they confirm delivery.
type Reservation struct {
	ID                   string `gorm:"primaryKey"`
	MemberID, PacketID   string
	Quantity             int
	Status               string
	ClientRequestID      string
	ExpiresAt            time.Time
	CreatedAt, UpdatedAt time.Time
}

func (Reservation) TableName() string { return "reservations" }

// Loan tracks packets a member has received and owes seed back on.
type Loan struct {
	ID                            string `gorm:"primaryKey"`
	ReservationID, MemberID       string
	PacketID                      string
	Quantity                      int
	Status                        string
	DueAt, ReturnedAt, RemindedAt *time.Time
	CreatedAt, UpdatedAt          time.Time
}

func (Loan) TableName() string { return "loans" }

// SeedLot is seed that came into the library, either as a harvest returned
// against a loan or as a donation.
type SeedLot struct {
	ID                           string `gorm:"primaryKey"`
	LoanID, DonationID, PacketID *string
	Species, VarietyName         string
	Grams, HarvestYear           int
	Source, Status               string
	CreatedAt, UpdatedAt         time.Time
}

func (SeedLot) TableName() string { return "seed_lots" }

// LabSample is a lot sent to the partner lab for germination testing.
type LabSample struct {
	ID                     string `gorm:"primaryKey"`
	LotID, SampleRef       string
	Status                 string
	RetestCount            int
	SubmittedAt, UpdatedAt time.Time
}

func (LabSample) TableName() string { return "lab_samples" }

// GerminationTest is one result reported by the lab for a sample.
type GerminationTest struct {
	ID                         string `gorm:"primaryKey"`
	LotID, SampleRef           string
	SeedsSown, SeedsGerminated int
	RatePct                    float64
	Method                     string
	ReportedAt, CreatedAt      time.Time
}

func (GerminationTest) TableName() string { return "germination_tests" }

// BeforeCreate assigns the primary key and derives the rate.
func (t *GerminationTest) BeforeCreate(tx *gorm.DB) error {
	if t.ID == "" {
		t.ID = "gt_" + ksuid.New().String()
	}
	if t.SeedsSown > 0 {
		t.RatePct = float64(t.SeedsGerminated) * 100 / float64(t.SeedsSown)
	}
	return nil
}

// Donation is seed given to the library by a grower.
type Donation struct {
	ID                      string `gorm:"primaryKey"`
	GrowerName, GrowerEmail string
	Species, VarietyName    string
	Grams, HarvestYear      int
	Notes                   string
	ReceivedAt, CreatedAt   time.Time
}

func (Donation) TableName() string { return "donations" }

// DuesInvoice is one member's dues for one period (a calendar year).
type DuesInvoice struct {
	ID                   string `gorm:"primaryKey"`
	MemberID, Period     string
	AmountCents          int64
	Currency, Status     string
	ChargeID             string
	PaidAt               *time.Time
	CreatedAt, UpdatedAt time.Time
}

func (DuesInvoice) TableName() string { return "dues_invoices" }

// Payment records a charge made at the payment provider.
type Payment struct {
	ID                            string `gorm:"primaryKey"`
	InvoiceID, MemberID, ChargeID string
	AmountCents                   int64
	Status                        string
	CreatedAt                     time.Time
}

func (Payment) TableName() string { return "payments" }

// Shipment is an outbound parcel of packets for one reservation.
type Shipment struct {
	ID                               string `gorm:"primaryKey"`
	ReservationID, CourierShipmentID string
	TrackingNumber, LabelURL, Status string
	CreatedAt, UpdatedAt             time.Time
}

func (Shipment) TableName() string { return "shipments" }

// ReturnLabel is a prepaid label a member uses to post harvested seed back.
type ReturnLabel struct {
	ID                       string `gorm:"primaryKey"`
	LoanID, CourierLabelID   string
	TrackingNumber, LabelURL string
	CreatedAt                time.Time
}

func (ReturnLabel) TableName() string { return "return_labels" }

// WebhookReceipt remembers provider event ids that were already applied.
type WebhookReceipt struct {
	Provider   string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	ReceivedAt time.Time
}

func (WebhookReceipt) TableName() string { return "webhook_receipts" }

// ProcessedMessage remembers broker messages a consumer already handled.
type ProcessedMessage struct {
	Handler     string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (ProcessedMessage) TableName() string { return "processed_messages" }

// OutboxMessage is an event written in the producer's transaction and
// relayed to the broker afterwards.
type OutboxMessage struct {
	ID          string `gorm:"primaryKey"`
	Topic       string
	Payload     []byte `gorm:"type:jsonb"`
	CreatedAt   time.Time
	PublishedAt *time.Time
}

func (OutboxMessage) TableName() string { return "outbox_messages" }

// EmailAttempt is one try at handing a message to the mail provider.
type EmailAttempt struct {
	ID                            string `gorm:"primaryKey"`
	Recipient, Template, DedupKey string
	Attempt                       int
	Error                         string
	CreatedAt                     time.Time
}

func (EmailAttempt) TableName() string { return "email_attempts" }
