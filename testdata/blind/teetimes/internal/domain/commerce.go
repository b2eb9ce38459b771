package domain

import "time"

const (
	VoucherPendingPayment = "pending_payment"
	VoucherActive         = "active"
	VoucherExhausted      = "exhausted"
	VoucherVoid           = "void"
)

// GiftVoucher is stored value bought for somebody else.
type GiftVoucher struct {
	ID              string `gorm:"primaryKey"`
	Code            string
	PurchaseKey     string
	PurchaserEmail  string
	RecipientName   string
	RecipientEmail  string
	Message         string
	FaceValueCents  int64
	BalanceCents    int64
	Currency        string
	Status          string
	PaymentIntentID *string
	DeliveredAt     *time.Time
	ExpiresAt       time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (GiftVoucher) TableName() string { return "gift_vouchers" }

// ProShopAccount is a member's running tab at the pro shop.
type ProShopAccount struct {
	ID                 string `gorm:"primaryKey"`
	MemberID           string
	BalanceCents       int64
	CreditLimitCents   int64
	Currency           string
	SettlementIntentID *string
	Status             string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func (ProShopAccount) TableName() string { return "proshop_accounts" }

// LedgerEntry is one movement on a pro-shop account. Positive amounts are
// charges, negative amounts are payments or credits.
type LedgerEntry struct {
	ID          string `gorm:"primaryKey"`
	AccountID   string
	AmountCents int64
	Kind        string
	SourceRef   string
	Description string
	CreatedAt   time.Time
}

func (LedgerEntry) TableName() string { return "proshop_ledger" }

// POSInboxEvent records a POS event that has been applied.
type POSInboxEvent struct {
	EventID    string `gorm:"primaryKey"`
	Type       string
	ReceivedAt time.Time
}

func (POSInboxEvent) TableName() string { return "pos_inbox" }

// CartRental is a cart signed out at the pro shop against a booking.
type CartRental struct {
	ID          string `gorm:"primaryKey"`
	POSTicketID string `gorm:"column:pos_ticket_id"`
	BookingID   string
	AccountID   string
	Carts       int
	AmountCents int64
	CreatedAt   time.Time
}

func (CartRental) TableName() string { return "cart_rentals" }

// RequestKey is a short-lived record of a processed client request.
type RequestKey struct {
	Scope      string `gorm:"primaryKey"`
	Key        string `gorm:"primaryKey"`
	ResourceID string
	CreatedAt  time.Time
}

func (RequestKey) TableName() string { return "request_keys" }
