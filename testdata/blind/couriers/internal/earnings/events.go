// Package earnings turns dispatch's delivery events into per-delivery
// earnings, tips, adjustments and bonuses.
package earnings

import "time"

// Topics consumed by this package.
const (
	TopicDeliveryCompleted = "dispatch.delivery.completed"
	TopicDeliveryTipped    = "dispatch.delivery.tipped"
	TopicDeliveryAdjusted  = "dispatch.delivery.adjusted"
	TopicBonusAwarded      = "dispatch.delivery.bonus_awarded"
	TopicTipPoolClosed     = "dispatch.tippool.closed"
)

// DeliveryCompleted is emitted by dispatch when a drop-off is confirmed.
type DeliveryCompleted struct {
	DeliveryID        string    `json:"delivery_id"`
	DispatchCourierID string    `json:"courier_id"`
	CompletedAt       time.Time `json:"completed_at"`
	DistanceMeters    int32     `json:"distance_m"`
	Zone              string    `json:"zone"`
	SurgeBps          int64     `json:"surge_bps"` // 10000 = 1.0x
	CargoBike         bool      `json:"cargo_bike"`
}

// DeliveryTipped is emitted when a customer or merchant tips a delivery.
type DeliveryTipped struct {
	DeliveryID        string    `json:"delivery_id"`
	DispatchCourierID string    `json:"courier_id"`
	AmountCents       int64     `json:"amount_cents"`
	Source            string    `json:"source"`
	TippedAt          time.Time `json:"tipped_at"`
}

// DeliveryAdjusted corrects the pay for a delivery (wrong distance, waiting
// time, customer no-show).
type DeliveryAdjusted struct {
	AdjustmentID      string    `json:"adjustment_id"`
	DeliveryID        string    `json:"delivery_id"`
	DispatchCourierID string    `json:"courier_id"`
	AmountCents       int64     `json:"amount_cents"`
	Reason            string    `json:"reason"`
	EffectiveAt       time.Time `json:"effective_at"`
}

// BonusAwarded is a campaign bonus (rain bonus, peak streak).
type BonusAwarded struct {
	Campaign          string    `json:"campaign"`
	DispatchCourierID string    `json:"courier_id"`
	DeliveryID        string    `json:"delivery_id,omitempty"`
	AmountCents       int64     `json:"amount_cents"`
	AwardedAt         time.Time `json:"awarded_at"`
}

// TipPoolClosed carries the split of a shift's pooled cash tips.
type TipPoolClosed struct {
	PoolID   string    `json:"pool_id"`
	ClosedAt time.Time `json:"closed_at"`
	Shares   []struct {
		DispatchCourierID string `json:"courier_id"`
		AmountCents       int64  `json:"amount_cents"`
	} `json:"shares"`
}
