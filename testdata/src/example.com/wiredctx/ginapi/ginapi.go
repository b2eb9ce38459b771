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

// GinHandler serves refunds.
type GinHandler struct{ Orders Refunder }

// Refund refunds an order.
func (h *GinHandler) Refund(c *gin.Context) {
	if err := h.Orders.Refund(c.Request.Context(), c.Param("order")); err != nil {
		c.AbortWithStatus(500)
	}
}
