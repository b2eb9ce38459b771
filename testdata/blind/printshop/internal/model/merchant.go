package model

import "time"

const (
	MerchantActive      = "active"
	MerchantUninstalled = "uninstalled"
	MerchantSuspended   = "suspended"
)

type Merchant struct {
	ID                      string `gorm:"primaryKey"`
	ShopDomain              string
	Name                    string
	Status                  string
	APIKeyHash              string
	WebhookSecret           string
	DefaultFacility         string
	AutotopupEnabled        bool
	AutotopupThresholdCents int64
	AutotopupAmountCents    int64
	PaymentMethodRef        *string
	UninstalledAt           *time.Time
	CreatedAt               time.Time
	UpdatedAt               time.Time
}

func (Merchant) TableName() string { return "merchants" }

type Wallet struct {
	MerchantID   string `gorm:"primaryKey"`
	BalanceCents int64
	Currency     string
	UpdatedAt    time.Time
}

func (Wallet) TableName() string { return "wallets" }

const (
	LedgerCharge     = "order_charge"
	LedgerRefund     = "order_refund"
	LedgerTopup      = "topup"
	LedgerAdjustment = "adjustment"
	LedgerPostage    = "postage"
	LedgerPostageRef = "postage_refund"
)

type LedgerEntry struct {
	ID             string `gorm:"primaryKey"`
	MerchantID     string
	Kind           string
	AmountCents    int64
	Reference      string
	IdempotencyKey *string
	Memo           string
	CreatedAt      time.Time
}

func (LedgerEntry) TableName() string { return "wallet_ledger" }

const (
	TopupPending   = "pending"
	TopupSucceeded = "succeeded"
	TopupFailed    = "failed"
)

type WalletTopup struct {
	ID               string `gorm:"primaryKey"`
	MerchantID       string
	AmountCents      int64
	Status           string
	Source           string
	ProviderChargeID *string
	FailureReason    *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (WalletTopup) TableName() string { return "wallet_topups" }

type IdempotencyKey struct {
	Scope        string `gorm:"primaryKey"`
	MerchantID   string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	ResourceID   string
	ResponseCode int
	ResponseBody []byte `gorm:"type:jsonb"`
	CreatedAt    time.Time
}

func (IdempotencyKey) TableName() string { return "idempotency_keys" }
