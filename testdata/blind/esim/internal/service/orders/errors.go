package orders

import "errors"

var (
	ErrKeyRequired     = errors.New("orders: idempotency key required")
	ErrPlanNotFound    = errors.New("orders: plan not found")
	ErrPlanInactive    = errors.New("orders: plan is not on sale")
	ErrNotFound        = errors.New("orders: order not found")
	ErrNotCancellable  = errors.New("orders: order can no longer be cancelled")
	ErrBadState        = errors.New("orders: order is not in a state that allows this")
	ErrPromoInvalid    = errors.New("orders: promo code invalid or exhausted")
	ErrInFlight        = errors.New("orders: a request with this key is still being processed")
	ErrUnknownReseller = errors.New("orders: unknown reseller code")
)
