package model

import (
	"time"

	"github.com/uptrace/bun"
)

const (
	PassAwaitingCard = "awaiting_card"
	PassActive       = "active"
	PassVoid         = "void"
	PassExpired      = "expired"
	PassBlocked      = "blocked"
)

type Pass struct {
	bun.BaseModel `bun:"table:passes,alias:ps"`

	ID          string    `bun:"id,pk,type:uuid"`
	AccountID   string    `bun:"account_id,type:uuid"`
	ProductID   string    `bun:"product_id,notnull"`
	Kind        string    `bun:"kind,notnull"`
	OrderID     *string   `bun:"order_id,type:uuid"`
	OrderLineID *int64    `bun:"order_line_id"`
	Seq         int       `bun:"seq,notnull"`
	ContractID  *string   `bun:"contract_id"`
	HolderName  string    `bun:"holder_name,notnull"`
	ValidFrom   time.Time `bun:"valid_from,type:date"`
	ValidTo     time.Time `bun:"valid_to,type:date"`
	Status      string    `bun:"status,notnull"`
	CardUID     *string   `bun:"card_uid"`
	RideCount   int       `bun:"ride_count,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

// ValidOn reports whether the pass admits riders on day d (resort local date).
func (p *Pass) ValidOn(d time.Time) bool {
	if p.Status != PassActive {
		return false
	}
	day := d.Format(time.DateOnly)
	return day >= p.ValidFrom.Format(time.DateOnly) && day <= p.ValidTo.Format(time.DateOnly)
}

type CardEncoding struct {
	bun.BaseModel `bun:"table:card_encodings,alias:ce"`

	ID           int64      `bun:"id,pk,autoincrement"`
	PassID       string     `bun:"pass_id,type:uuid"`
	Status       string     `bun:"status,notnull"`
	PartnerJobID string     `bun:"partner_job_id,notnull"`
	RequestedAt  time.Time  `bun:"requested_at,nullzero,notnull,default:current_timestamp"`
	CompletedAt  *time.Time `bun:"completed_at"`
}

type CardReplacement struct {
	bun.BaseModel `bun:"table:card_replacements,alias:cr"`

	ID               int64     `bun:"id,pk,autoincrement"`
	PassID           string    `bun:"pass_id,type:uuid"`
	OldCardUID       string    `bun:"old_card_uid,notnull"`
	Reason           string    `bun:"reason,notnull"`
	FeeCents         int64     `bun:"fee_cents,notnull"`
	Status           string    `bun:"status,notnull"`
	PartnerRequestID string    `bun:"partner_request_id,notnull"`
	CreatedAt        time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type CardShipment struct {
	bun.BaseModel `bun:"table:card_shipments,alias:cs"`

	ID                int64     `bun:"id,pk,autoincrement"`
	PassID            string    `bun:"pass_id,type:uuid"`
	PartnerShipmentID string    `bun:"partner_shipment_id,notnull"`
	TrackingCode      string    `bun:"tracking_code,notnull"`
	CreatedAt         time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
