package store

import (
	"encoding/json"
	"time"
)

type Member struct {
	ID              string `gorm:"primaryKey"`
	Name            string
	Email           string
	Phone           string
	PayoutAccountID string
	CreatedAt       time.Time
}

func (Member) TableName() string { return "members" }

type Lot struct {
	ID             string `gorm:"primaryKey"`
	MemberID       string
	IntakeTicket   string
	ApiaryCode     string
	FloralSource   string
	ContainerCount int
	Status         string
	NetGrams       int64
	TareGrams      int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (Lot) TableName() string { return "lots" }

type WeighTicket struct {
	ID         string `gorm:"primaryKey"`
	LotID      string
	ScaleID    string
	GrossGrams int64
	TareGrams  int64
	ReadAt     time.Time
	CreatedAt  time.Time
}

func (WeighTicket) TableName() string { return "weigh_tickets" }

type LotGrade struct {
	LotID           string `gorm:"primaryKey"`
	Grade           string
	MoisturePct     float64
	PriceCentsPerKg int64
	Grader          string
	GradedAt        time.Time
}

func (LotGrade) TableName() string { return "lot_grades" }

type LotRejection struct {
	LotID      string `gorm:"primaryKey"`
	Reason     string
	Inspector  string
	RejectedAt time.Time
}

func (LotRejection) TableName() string { return "lot_rejections" }

type LedgerEntry struct {
	ID          string `gorm:"primaryKey"`
	MemberID    string
	LotID       *string
	Kind        string
	AmountCents int64
	Memo        string
	CreatedAt   time.Time
}

func (LedgerEntry) TableName() string { return "member_ledger" }

type ProcessedEvent struct {
	EventID     string `gorm:"primaryKey"`
	Topic       string
	ProcessedAt time.Time
}

func (ProcessedEvent) TableName() string { return "processed_events" }

type Job struct {
	ID          string `gorm:"primaryKey"`
	Kind        string
	UniqueKey   string
	Payload     json.RawMessage `gorm:"type:jsonb"`
	Status      string
	Attempts    int
	RunAfter    time.Time
	LockedUntil *time.Time
	LastError   string
	CreatedAt   time.Time
}

func (Job) TableName() string { return "jobs" }

type Advance struct {
	ID          string `gorm:"primaryKey"`
	MemberID    string
	AmountCents int64
	Status      string
	ProviderRef string
	CreatedAt   time.Time
}

func (Advance) TableName() string { return "advances" }

type PayoutRun struct {
	ID        string `gorm:"primaryKey"`
	Period    string
	Status    string
	CreatedAt time.Time
}

func (PayoutRun) TableName() string { return "payout_runs" }

type Payout struct {
	ID          string `gorm:"primaryKey"`
	RunID       string
	MemberID    string
	AmountCents int64
	Status      string
	ProviderRef string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (Payout) TableName() string { return "payouts" }

type PayoutAttempt struct {
	ID             string `gorm:"primaryKey"`
	Subject        string
	IdempotencyKey string
	StatusCode     int
	Error          string
	AttemptedAt    time.Time
}

func (PayoutAttempt) TableName() string { return "payout_attempts" }

type WebhookEvent struct {
	Source     string `gorm:"primaryKey"`
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ReceivedAt time.Time
}

func (WebhookEvent) TableName() string { return "webhook_events" }

type IdempotencyRecord struct {
	Scope      string `gorm:"primaryKey"`
	Key        string `gorm:"primaryKey"`
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}

func (IdempotencyRecord) TableName() string { return "idempotency_keys" }

type Statement struct {
	ID           string `gorm:"primaryKey"`
	MemberID     string
	Period       string
	BalanceCents int64
	Status       string
	SentAt       *time.Time
	CreatedAt    time.Time
}

func (Statement) TableName() string { return "statements" }

type Retailer struct {
	ID              string `gorm:"primaryKey"`
	Name            string
	BillingEmail    string
	EinvoiceAddress string
	CreatedAt       time.Time
}

func (Retailer) TableName() string { return "retailers" }

type InventoryItem struct {
	SKU            string `gorm:"column:sku;primaryKey"`
	Description    string
	OnHandUnits    int
	UnitPriceCents int64
}

func (InventoryItem) TableName() string { return "inventory" }

type RetailOrder struct {
	ID         string `gorm:"primaryKey"`
	RetailerID string
	PONumber   string `gorm:"column:po_number"`
	Status     string
	InvoiceID  *string
	TotalCents int64
	Lines      []RetailOrderLine `gorm:"foreignKey:OrderID"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (RetailOrder) TableName() string { return "retail_orders" }

type RetailOrderLine struct {
	ID        int64 `gorm:"primaryKey"`
	OrderID   string
	SKU       string `gorm:"column:sku"`
	Quantity  int
	UnitCents int64
}

func (RetailOrderLine) TableName() string { return "retail_order_lines" }

type OrderAllocation struct {
	OrderID string `gorm:"primaryKey"`
	SKU     string `gorm:"column:sku;primaryKey"`
	Units   int
}

func (OrderAllocation) TableName() string { return "order_allocations" }

type Invoice struct {
	ID         string `gorm:"primaryKey"`
	OrderID    string
	Number     string
	TotalCents int64
	Status     string
	NetworkRef string
	CreatedAt  time.Time
	PaidAt     *time.Time
}

func (Invoice) TableName() string { return "invoices" }

type CreditNote struct {
	ID          string `gorm:"primaryKey"`
	InvoiceID   string
	Number      string
	AmountCents int64
	Reason      string
	Status      string
	NetworkRef  string
	CreatedAt   time.Time
}

func (CreditNote) TableName() string { return "credit_notes" }

type Farm struct {
	ID           string `gorm:"primaryKey"`
	Name         string
	ContactPhone string
	BillingEmail string
	MandateID    string
	CreatedAt    time.Time
}

func (Farm) TableName() string { return "farms" }

type RentalContract struct {
	ID              string `gorm:"primaryKey"`
	FarmID          string
	Season          string
	Crop            string
	HiveCount       int
	FeeCentsPerHive int64
	Status          string
	ClosedAt        *time.Time
	CreatedAt       time.Time
}

func (RentalContract) TableName() string { return "rental_contracts" }

type HivePlacement struct {
	ID         string `gorm:"primaryKey"`
	ContractID string
	FieldCode  string
	DropDate   time.Time `gorm:"type:date"`
	HiveCount  int
	CreatedAt  time.Time
}

func (HivePlacement) TableName() string { return "hive_placements" }

type RentalInvoice struct {
	ID            string `gorm:"primaryKey"`
	ContractID    string
	Period        string
	Kind          string
	AmountCents   int64
	Status        string
	CollectionRef string
	CreatedAt     time.Time
}

func (RentalInvoice) TableName() string { return "rental_invoices" }
