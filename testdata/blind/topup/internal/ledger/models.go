// Package ledger keeps reseller wallets and their entries on top of gorm.
package ledger

import (
	"time"

	"github.com/google/uuid"
)

type Wallet struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	ResellerID   uuid.UUID `gorm:"type:uuid;uniqueIndex"`
	Currency     string
	BalanceCents int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

type Entry struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	WalletID    uuid.UUID `gorm:"type:uuid"`
	AmountCents int64
	Kind        string
	ExternalRef *string
	Description string
	CreatedAt   time.Time
}

func (Entry) TableName() string { return "ledger_entries" }

type Funding struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	WalletID        uuid.UUID `gorm:"type:uuid"`
	RequestID       string
	AmountCents     int64
	PaymentMethod   string
	Status          string
	PaymentIntentID *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (Funding) TableName() string { return "wallet_fundings" }

type Transfer struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	TransferRef  string
	FromWalletID uuid.UUID `gorm:"type:uuid"`
	ToWalletID   uuid.UUID `gorm:"type:uuid"`
	AmountCents  int64
	CreatedAt    time.Time
}

func (Transfer) TableName() string { return "wallet_transfers" }

type Voucher struct {
	Code       string    `gorm:"primaryKey"`
	WalletID   uuid.UUID `gorm:"type:uuid"`
	LotRef     string
	ValueCents int64
	Status     string
	CreatedAt  time.Time
}

const (
	KindFunding     = "funding"
	KindTopUp       = "topup_debit"
	KindTransferOut = "transfer_out"
	KindTransferIn  = "transfer_in"
	KindAdjustment  = "adjustment"
	KindVoucherLot  = "voucher_lot"
	KindBatchItem   = "batch_item"
	KindRefund      = "refund"
)
