// Package ginapi serves refunds with gin.
package ginapi

import (
	"context"

	"github.com/gin-gonic/gin"
)

// Refunder refunds orders.
type Refunder interface {
	Refund(ctx context.Context, order string) error
}

// Charger charges cards.
type Charger interface {
	Charge(ctx context.Context, amount int64) error
}

// GinHandler serves refunds and charges.
type GinHandler struct {
	Orders   Refunder
	Payments Charger
}

// Refund refunds an order.
func (h *GinHandler) Refund(c *gin.Context) {
	if err := h.Orders.Refund(c.Request.Context(), c.Param("order")); err != nil {
		c.AbortWithStatus(500)
	}
}

// ChargeLines charges a card once per line: one key in the context
// would charge every line with it, so nothing puts one there.
func (h *GinHandler) ChargeLines(c *gin.Context) {
	for _, amount := range []int64{1, 2} {
		h.Payments.Charge(c.Request.Context(), amount)
	}
}
