package domain

import "time"

// Order statuses.
const (
	OrderPending           = "pending"
	OrderPaid              = "paid"
	OrderFailed            = "failed"
	OrderExchanged         = "exchanged"
	OrderRefunded          = "refunded"
	OrderPartiallyRefunded = "partially_refunded"
)

// Ticket statuses.
const (
	TicketHeld      = "held"
	TicketSold      = "sold"
	TicketScanned   = "scanned"
	TicketExchanged = "exchanged"
	TicketRefunded  = "refunded"
)

type Performance struct {
	ID        string `gorm:"primaryKey"`
	SeasonID  string
	Title     string
	Venue     string
	StartsAt  time.Time
	Capacity  int
	SoldCount int
	Status    string
}

type Order struct {
	ID              string `gorm:"primaryKey"`
	RequestKey      *string
	PatronID        string
	PerformanceID   string
	Channel         string
	TotalCents      int64
	RefundedCents   int64
	Status          string
	PaymentIntentID *string
	Email           string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

type Ticket struct {
	ID            string `gorm:"primaryKey"`
	OrderID       string
	PerformanceID string
	SeatLabel     string
	PriceCents    int64
	Status        string
	ScannedAt     *time.Time
}

type ExchangeCredit struct {
	ID             string `gorm:"primaryKey"`
	PatronID       string
	SourceOrderID  string
	OriginalCents  int64
	RemainingCents int64
	ExpiresAt      time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

type CreditRedemption struct {
	ID          string `gorm:"primaryKey"`
	CreditID    string
	OrderID     string
	AmountCents int64
	CreatedAt   time.Time
}

type Refund struct {
	ID             string `gorm:"primaryKey"`
	OrderID        string
	StripeRefundID string
	AmountCents    int64
	Reason         *string
	CreatedAt      time.Time
}

type TicketSale struct {
	ID            string `gorm:"primaryKey"`
	PosTxnID      string
	TerminalID    string
	PerformanceID string
	Quantity      int
	AmountCents   int64
	Tender        string
	SoldAt        time.Time
}

type TicketScan struct {
	ID        string `gorm:"primaryKey"`
	EventID   string
	TicketID  string
	Gate      string
	ScannedAt time.Time
}

type Roundup struct {
	PosTxnID     string `gorm:"primaryKey"`
	TerminalID   string
	CampaignCode string
	AmountCents  int64
	ReceivedAt   time.Time
}

type Notification struct {
	ID        string `gorm:"primaryKey"`
	Channel   string
	Recipient string
	Kind      string
	Ref       string
	SentAt    time.Time
}

// TicketHolder is a read model used when contacting everyone holding a seat
// for a performance.
type TicketHolder struct {
	PatronID string
	FullName string
	Email    string
	Phone    *string
	Seats    int
}
