package domain

type OrderStatus string

const (
	OrderPendingPayment OrderStatus = "pending_payment"
	OrderAuthorised     OrderStatus = "authorised"
	OrderPaymentFailed  OrderStatus = "payment_failed"
	OrderReleased       OrderStatus = "released"
	OrderPicking        OrderStatus = "picking"
	OrderPicked         OrderStatus = "picked"
	OrderDriverAssigned OrderStatus = "driver_assigned"
	OrderOutForDelivery OrderStatus = "out_for_delivery"
	OrderDelivered      OrderStatus = "delivered"
	OrderDeliveryFailed OrderStatus = "delivery_failed"
	OrderReturned       OrderStatus = "returned"
	OrderCancelled      OrderStatus = "cancelled"
)

// Cancellable reports whether a customer or agent may still cancel the
// order. Once the store has started picking, cancellation goes through the
// partner instead.
func (s OrderStatus) Cancellable() bool {
	switch s {
	case OrderPendingPayment, OrderAuthorised, OrderReleased, OrderPaymentFailed:
		return true
	}
	return false
}

func (s OrderStatus) Terminal() bool {
	switch s {
	case OrderDelivered, OrderReturned, OrderCancelled:
		return true
	}
	return false
}

type PaymentStatus string

const (
	PaymentPending    PaymentStatus = "pending"
	PaymentAuthorised PaymentStatus = "authorised"
	PaymentDeclined   PaymentStatus = "declined"
	PaymentCaptured   PaymentStatus = "captured"
	PaymentVoided     PaymentStatus = "voided"
)

type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

const (
	BasketOpen       = "open"
	BasketCheckedOut = "checked_out"
	BasketAbandoned  = "abandoned"
)

const (
	ReservationHeld      = "held"
	ReservationConfirmed = "confirmed"
	ReservationReleased  = "released"
)

const (
	LineStatusPending     = "pending"
	LineStatusPicked      = "picked"
	LineStatusSubstituted = "substituted"
	LineStatusMissing     = "missing"
)

const (
	LedgerEarn       = "earn"
	LedgerRedeem     = "redeem"
	LedgerGoodwill   = "goodwill"
	LedgerClawback   = "clawback"
	LedgerRestore    = "restore"
	LedgerExpiry     = "expiry"
	SubstitutionKept = "accepted"
	SubstitutionBack = "rejected"
)
