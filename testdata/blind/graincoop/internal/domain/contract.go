package domain

import (
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

type Commodity string

const (
	Corn     Commodity = "corn"
	Soybeans Commodity = "soybeans"
	HRW      Commodity = "wheat_hrw"
	HRS      Commodity = "wheat_hrs"
	Sorghum  Commodity = "sorghum"
)

// StandardTestWeight is the lb/bu used to convert scale weight to bushels.
func (c Commodity) StandardTestWeight() decimal.Decimal {
	switch c {
	case Soybeans, HRW, HRS:
		return decimal.NewFromInt(60)
	case Sorghum:
		return decimal.NewFromInt(56)
	default:
		return decimal.NewFromInt(56)
	}
}

// BaseMoisture is the moisture percentage above which shrink applies.
func (c Commodity) BaseMoisture() decimal.Decimal {
	switch c {
	case Soybeans:
		return decimal.RequireFromString("13.0")
	case HRW, HRS:
		return decimal.RequireFromString("13.5")
	case Sorghum:
		return decimal.RequireFromString("14.0")
	default:
		return decimal.RequireFromString("15.5")
	}
}

func (c Commodity) Valid() bool {
	switch c {
	case Corn, Soybeans, HRW, HRS, Sorghum:
		return true
	}
	return false
}

type ContractType string

const (
	CashContract     ContractType = "cash"
	BasisContract    ContractType = "basis"
	HTAContract      ContractType = "hta"
	DeferredContract ContractType = "deferred_payment"
)

type ContractStatus string

const (
	ContractOpen      ContractStatus = "open"
	ContractFilled    ContractStatus = "filled"
	ContractCancelled ContractStatus = "cancelled"
)

type Contract struct {
	ID            uuid.UUID        `gorm:"type:uuid;primaryKey" json:"id"`
	ContractNo    string           `json:"contract_no"`
	GrowerID      int64            `json:"grower_id"`
	Commodity     Commodity        `json:"commodity"`
	ContractType  ContractType     `json:"contract_type"`
	Season        int              `json:"season"`
	QuantityBu    decimal.Decimal  `gorm:"type:numeric(14,2)" json:"quantity_bu"`
	DeliveredBu   decimal.Decimal  `gorm:"type:numeric(14,2)" json:"delivered_bu"`
	PricePerBu    *decimal.Decimal `gorm:"type:numeric(10,4)" json:"price_per_bu,omitempty"`
	Basis         *decimal.Decimal `gorm:"type:numeric(10,4)" json:"basis,omitempty"`
	FuturesMonth  string           `json:"futures_month,omitempty"`
	DeferredUntil *time.Time       `gorm:"type:date" json:"deferred_until,omitempty"`
	DeliveryStart time.Time        `gorm:"type:date" json:"delivery_start"`
	DeliveryEnd   time.Time        `gorm:"type:date" json:"delivery_end"`
	Status        ContractStatus   `json:"status"`
	SignedAt      *time.Time       `json:"signed_at,omitempty"`
	CreatedBy     string           `json:"created_by"`
	CreatedAt     time.Time        `json:"created_at"`
	UpdatedAt     time.Time        `json:"updated_at"`
}

func (c *Contract) RemainingBu() decimal.Decimal {
	r := c.QuantityBu.Sub(c.DeliveredBu)
	if r.IsNegative() {
		return decimal.Zero
	}
	return r
}

func (c *Contract) Priced() bool { return c.PricePerBu != nil }

type Amendment struct {
	ID            uuid.UUID        `gorm:"type:uuid;primaryKey" json:"id"`
	ContractID    uuid.UUID        `gorm:"type:uuid" json:"contract_id"`
	Kind          string           `json:"kind"`
	QuantityDelta decimal.Decimal  `gorm:"type:numeric(14,2)" json:"quantity_delta"`
	NewPrice      *decimal.Decimal `gorm:"type:numeric(10,4)" json:"new_price,omitempty"`
	NewBasis      *decimal.Decimal `gorm:"type:numeric(10,4)" json:"new_basis,omitempty"`
	Reason        string           `json:"reason"`
	RequestedBy   string           `json:"requested_by"`
	CreatedAt     time.Time        `json:"created_at"`
}

func (Amendment) TableName() string { return "contract_amendments" }

type Application struct {
	ID         int64            `gorm:"primaryKey" json:"id"`
	TicketID   int64            `json:"ticket_id"`
	ContractID uuid.UUID        `gorm:"type:uuid" json:"contract_id"`
	Bushels    decimal.Decimal  `gorm:"type:numeric(14,2)" json:"bushels"`
	PricePerBu *decimal.Decimal `gorm:"type:numeric(10,4)" json:"price_per_bu,omitempty"`
	Amount     decimal.Decimal  `gorm:"type:numeric(14,2)" json:"amount"`
	AppliedBy  string           `json:"applied_by"`
	AppliedAt  time.Time        `json:"applied_at"`
	ReversedAt *time.Time       `json:"reversed_at,omitempty"`
}

func (Application) TableName() string { return "contract_applications" }

type IdempotencyKey struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	StatusCode   int
	ResponseBody []byte `gorm:"type:jsonb"`
	ResourceID   string
	CreatedAt    time.Time
}
