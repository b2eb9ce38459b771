package domain

import "time"

// Internal topics carried by the transactional outbox and consumed by the
// router binary.
const (
	TopicPaymentSucceeded = "ancillary_payment_succeeded"
	TopicRefundRequested  = "ancillary_refund_requested"
	TopicRefundCompleted  = "ancillary_refund_completed"
	TopicEMDIssued        = "ancillary_emd_issued"
	TopicAccrualRequested = "loyalty_accrual_requested"
	TopicAccrualPosted    = "loyalty_accrual_posted"
)

// AllTopics lists every internal topic.
var AllTopics = []string{
	TopicPaymentSucceeded,
	TopicRefundRequested,
	TopicRefundCompleted,
	TopicEMDIssued,
	TopicAccrualRequested,
	TopicAccrualPosted,
}

type PaymentSucceededEvent struct {
	OrderID         string    `json:"order_id"`
	OrderItemID     string    `json:"order_item_id"`
	PaymentIntentID string    `json:"payment_intent_id"`
	Amount          int64     `json:"amount"`
	Currency        string    `json:"currency"`
	PaidAt          time.Time `json:"paid_at"`
}

type RefundRequestedEvent struct {
	RefundID    string `json:"refund_id"`
	OrderID     string `json:"order_id"`
	OrderItemID string `json:"order_item_id"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reason      string `json:"reason"`
}

type RefundCompletedEvent struct {
	RefundID       string `json:"refund_id"`
	OrderID        string `json:"order_id"`
	OrderItemID    string `json:"order_item_id"`
	StripeRefundID string `json:"stripe_refund_id"`
	Amount         int64  `json:"amount"`
	Currency       string `json:"currency"`
}

type EMDIssuedEvent struct {
	OrderID     string `json:"order_id"`
	OrderItemID string `json:"order_item_id"`
	EMDNumber   string `json:"emd_number"`
	Product     string `json:"product"`
}

type AccrualRequestedEvent struct {
	AccrualID string `json:"accrual_id"`
}

type AccrualPostedEvent struct {
	AccrualID     string    `json:"accrual_id"`
	LoyaltyNumber string    `json:"loyalty_number"`
	Miles         int       `json:"miles"`
	PartnerTxnID  string    `json:"partner_txn_id"`
	Description   string    `json:"description"`
	PostedAt      time.Time `json:"posted_at"`
}
