// Package jobs defines the background task types, their payloads and the
// enqueuer the services use to schedule them.
package jobs

const (
	TypeTransferTickets  = "transfer:tickets"
	TypeRefundOrder      = "refund:order"
	TypePayoutSeller     = "payout:seller"
	TypeSendReceipt      = "receipt:send"
	TypeCloseSettlements = "settlement:close"
	TypeRelayOutbox      = "outbox:relay"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type TransferTicketsPayload struct {
	OrderID string `json:"order_id"`
}

type RefundOrderPayload struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason"`
}

type PayoutSellerPayload struct {
	OrderID string `json:"order_id"`
}

type SendReceiptPayload struct {
	OrderID string `json:"order_id"`
}
